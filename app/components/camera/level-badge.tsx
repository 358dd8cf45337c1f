// A camera's hardware level as a coloured badge: the one figure that says most about what an app may do with it.
import { HARDWARE_LEVELS } from "#shared/contract/camera-vocabulary.ts";

export function LevelBadge({ level }: { level: string | null | undefined }) {
  if (!level) return <span>—</span>;
  const known = (HARDWARE_LEVELS as readonly string[]).includes(level);
  // Coloured by app.css (.level-badge): a class per level instead of a dozen utilities on every badge of a list.
  return (
    <span
      className={known ? `level-badge level-${level.toLowerCase()}` : "level-badge"}
      title={known ? undefined : "A level this site does not know"}
    >
      {level}
    </span>
  );
}

/** A list of enum names (capabilities, modes) as small chips that wrap. */
export function NameChips({
  names,
  highlight = [],
}: {
  names: readonly string[] | null | undefined;
  highlight?: readonly string[];
}) {
  if (!names?.length) return <span>—</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {names.map((name) => (
        <li key={name} className={highlight.includes(name) ? "name-chip highlighted" : "name-chip"}>
          {name}
        </li>
      ))}
    </ul>
  );
}
