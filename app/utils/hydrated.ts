import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during server rendering and hydration, true afterwards: for enhancements that need JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

// A page that hydrates says so in its HTML (`<html data-hydrates>`), and the browser marks it `data-hydrated` once
// React has hydrated it, forms that waited for their deferred code included: what a visitor does before that reaches
// the server's HTML, not the page JavaScript enhances. End-to-end tests wait for the mark before they act
// (tests/fixtures.ts), so none can race hydration by forgetting to.
const parts = new Set<string>();
let rootHydrated = false;

function markWhenWhole(): void {
  if (rootHydrated && parts.size === 0) document.documentElement.setAttribute("data-hydrated", "");
}

/** Called while a part of the page renders to hydrate (in the browser only): the mark waits for its hydratedPart. */
export function hydratingPart(id: string): void {
  if (typeof document !== "undefined" && !rootHydrated) parts.add(id);
}

/** A part that hydratingPart held back has hydrated (from its effect). */
export function hydratedPart(id: string): void {
  if (parts.delete(id)) markWhenWhole();
}

/** The root has hydrated (from its effect): the page is marked once no part is still waiting. */
export function hydratedRoot(): void {
  rootHydrated = true;
  markWhenWhole();
}
