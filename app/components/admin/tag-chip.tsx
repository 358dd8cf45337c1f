// A wonder tag's name with its colour as a dot (colours are validated #rrggbb, so safe in a style).
import type { WonderTag } from "#shared/contract/wonder.ts";

export function TagChip({ tag }: { tag: Pick<WonderTag, "name" | "color"> }) {
  return (
    <span
      className={
        "inline-flex items-center gap-1.5 rounded-full border border-zinc-300 px-2 py-0.5 text-xs " +
        "dark:border-zinc-700"
      }
    >
      {tag.color ? (
        <span
          aria-hidden="true"
          className="inline-block size-2.5 rounded-full"
          style={{ backgroundColor: tag.color }}
        />
      ) : null}
      {tag.name}
    </span>
  );
}
