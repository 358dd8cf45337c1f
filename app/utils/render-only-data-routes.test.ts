// A page that hydrates must not box its loader data with renderOnlyData (docs/decisions/0096): its browser would
// find no text to read. Which pages hydrate is declared in each route module's handle, so this reads the route
// tree and each module's source, and fails on the first route where the two meet.
import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, test } from "vitest";
import routes from "#app/routes.ts";

const HYDRATES = /export const handle = \{ hydrate: true \} satisfies HydrationHandle;/;
const BOXES = /\brenderOnlyData\(/;

function routeFiles(entries: RouteConfigEntry[], parentHydrates = false): { file: string; hydrates: boolean }[] {
  return entries.flatMap((entry) => {
    const hydrates = parentHydrates || HYDRATES.test(readFileSync(`app/${entry.file}`, "utf8"));
    return [{ file: entry.file, hydrates }, ...routeFiles(entry.children ?? [], hydrates)];
  });
}

describe("render-only loader data", () => {
  test("is boxed only by routes that do not hydrate, nor sit under a layout that does", async () => {
    const files = routeFiles(await routes);
    const boxing = files.filter(({ file }) => BOXES.test(readFileSync(`app/${file}`, "utf8")));
    expect(files.filter(({ hydrates }) => hydrates).length).toBeGreaterThan(5);
    expect(boxing.length).toBeGreaterThanOrEqual(5);
    expect(boxing.filter(({ hydrates }) => hydrates).map(({ file }) => file)).toEqual([]);
  });
});
