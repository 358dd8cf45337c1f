// The "render only" figures: React alone rendering each page's route tree with its data in memory, as
// render-only-react.ts writes them (one JSON line per page) in the benchmark's render-only server.
import { existsSync, readFileSync } from "node:fs";

export interface RenderOnlyFigures {
  url: string;
  renders: number;
  msPerRender: number;
  rendersPerSecond: number;
  bytes: number;
}

/** The figures by page path and query. */
export function readRenderOnly(file: string): Map<string, RenderOnlyFigures> {
  if (!existsSync(file)) return new Map();
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
  return new Map(
    lines.map((line) => {
      const figures = JSON.parse(line) as RenderOnlyFigures;
      return [figures.url, figures];
    }),
  );
}
