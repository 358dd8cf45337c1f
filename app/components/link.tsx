// The site's links. On a page that ships no React (app/utils/hydration.ts) nothing in the browser would ever use
// React Router's <Link>: it renders the same <a href>, but resolves the path, reads the router's state and builds
// click and prefetch handlers for every link, a tenth of such a page's render time and allocations. There it
// renders the plain anchor; wherever React runs in the browser (a page that hydrates, and every page after a client
// navigation) it is React Router's own Link.
import { createContext, use } from "react";
import { Link as RouterLink, type LinkProps } from "react-router";

const PlainLinksContext = createContext(false);

/** Set by the document's layout: true while rendering a page on the server that will not hydrate. */
export const PlainLinksProvider = PlainLinksContext.Provider;

export function Link(props: LinkProps) {
  const plain = use(PlainLinksContext);
  const { to } = props;
  // Only a path from the site's root (or a full URL) is the same href without the router's resolution.
  if (!plain || typeof to !== "string" || !(to.startsWith("/") || /^https?:\/\//.test(to))) {
    return <RouterLink {...props} />;
  }
  const {
    to: _to,
    discover: _discover,
    prefetch: _prefetch,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    mask: _mask,
    ...anchor
  } = props;
  return <a href={to} {...anchor} />;
}
