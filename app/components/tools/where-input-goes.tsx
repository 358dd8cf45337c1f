// Where a tool's input is processed: on the server until the page hydrates, in the browser afterwards. Both
// sentences sit in one grid cell, the other one invisible (which also keeps it from screen readers), so the box is
// as tall as the taller of them and nothing below it moves when the page hydrates (a tap on its way would land
// elsewhere).
import { useHydrated } from "#app/utils/hydrated.ts";

const IN_BROWSER = "Your input is processed in your browser and never leaves it.";

export function WhereInputGoes({ onServer }: { onServer: string }) {
  const hydrated = useHydrated();
  const cell = (shown: boolean) => (shown ? "col-start-1 row-start-1" : "invisible col-start-1 row-start-1");
  return (
    <p className="mb-4 grid max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
      <span className={cell(hydrated)}>{IN_BROWSER}</span>
      <span className={cell(!hydrated)}>{onServer}</span>
    </p>
  );
}
