// Pages ship no React unless they need it: HTML first. A route whose page needs React in the browser (the tools,
// the administrator area) exports `handle = { hydrate: true } satisfies HydrationHandle` (written out, so the
// module imports nothing here in the browser); every other page is plain HTML, made a little nicer by the one
// small script of app/enhance/enhance.ts.
import type { UIMatch } from "react-router";

export interface HydrationHandle {
  hydrate: true;
}

/** True when a matched route (a page or a layout above it) asks for React in the browser. */
export function pageHydrates(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return matches.some((match) => {
    const handle = match.handle as { hydrate?: unknown } | null | undefined;
    return handle?.hydrate === true;
  });
}
