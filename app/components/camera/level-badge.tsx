// A camera's hardware level as a coloured badge: the one figure that says most about what an app may do with it.
import { HARDWARE_LEVELS } from "../../../shared/contract/camera-vocabulary";

const CHIP = "rounded px-1.5 py-0.5 font-mono text-xs";
const CHIP_HIGHLIGHTED = "bg-blue-50 font-semibold text-blue-900 dark:bg-blue-950 dark:text-blue-200";
const CHIP_PLAIN = "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200";

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
        <li key={name} className={`${CHIP} ${highlight.includes(name) ? CHIP_HIGHLIGHTED : CHIP_PLAIN}`}>
          {name}
        </li>
      ))}
    </ul>
  );
}
