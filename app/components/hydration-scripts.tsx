import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";

/**
 * React Router's scripts, with their module preloads fetched at low priority. A page that hydrates is already whole
 * as HTML: its first paint needs the stylesheet, not React. React hoists the preloads into the head ahead of the
 * stylesheet, and at the browser's default (high) priority they take the connections and bandwidth the stylesheet
 * needs: Lighthouse's simulated phone put the JSON tool's first paint after its 123 kB of scripts (decision 0078).
 *
 * `Scripts` takes no prop for this, so its element tree is adjusted: it is called here as part of this component (its
 * hooks run as this component's, the same on every render), and each `<link rel="modulepreload">` it returns gets
 * `fetchPriority="low"`. Anything else in the tree is left as it is, so a different tree in a later version of React
 * Router only loses the lower priority. Only the server's HTML needs it: the browser reads the priority while it
 * parses the document, and React on the client adopts the links it finds there (and drops them once hydrated), so
 * the client bundle goes without this code.
 */
export function HydrationScripts(props: ScriptsProps) {
  const scripts = Scripts(props);
  return import.meta.env.SSR ? lowerModulePreloadPriority(scripts) : scripts;
}

export function lowerModulePreloadPriority(node: ReactNode): ReactNode {
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ rel?: unknown; children?: ReactNode }>;
  if (element.type === "link" && element.props.rel === "modulepreload") {
    return cloneElement(element as ReactElement<{ fetchPriority?: string }>, { fetchPriority: "low" });
  }
  if (element.type === Fragment) {
    return <>{Children.map(element.props.children, lowerModulePreloadPriority)}</>;
  }
  return node;
}
