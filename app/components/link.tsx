// The site's links. On a page that ships no React (app/utils/hydration.ts) nothing in the browser would ever use
// React Router's <Link> or <NavLink>: they render the same <a href>, but resolve the path, read the router's state
// and build click and prefetch handlers for every link, a tenth of such a page's render time and allocations. There
// they render the plain anchor; wherever React runs in the browser (a page that hydrates, and every page after a
// client navigation) they are React Router's own.
import { createContext, use, type CSSProperties, type ReactNode } from "react";
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from "react-router";

const PlainLinksContext = createContext(false);

/** Set by the document's layout: true while rendering a page on the server that will not hydrate. */
export const PlainLinksProvider = PlainLinksContext.Provider;

export function Link(props: LinkProps) {
  // In the browser's build this is all there is: the plain anchors are for the server's render alone.
  if (!import.meta.env.SSR) return <RouterLink {...props} />;
  const plain = use(PlainLinksContext);
  if (!plain || !isSiteOrFullUrl(props.to)) return <RouterLink {...props} />;
  return <a href={props.to} {...anchorProps(props)} />;
}

/**
 * React Router's NavLink, or on a page that will not hydrate the same anchor: `aria-current="page"` and the
 * `className`, `style` and `children` of an active link when the page's path is the link's (or under it, without
 * `end`), compared as the router compares them, without regard to case.
 */
export function NavLink(props: NavLinkProps) {
  if (!import.meta.env.SSR) return <RouterNavLink {...props} />;
  const plain = use(PlainLinksContext);
  const { pathname } = useLocation();
  if (!plain || !isSiteOrFullUrl(props.to) || props.to.includes("?") || props.to.includes("#")) {
    return <RouterNavLink {...props} />;
  }
  const current = pathname.toLowerCase();
  const target = props.to.toLowerCase();
  const targetEnd = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive =
    current === target || (!props.end && current.startsWith(target) && current.charAt(targetEnd) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  const { className, style, children, end: _end, caseSensitive: _caseSensitive, ...rest } = props;
  const classText =
    typeof className === "function"
      ? className(state)
      : [className, isActive ? "active" : null].filter(Boolean).join(" ");
  return (
    <a
      {...anchorProps(rest)}
      aria-current={isActive ? (props["aria-current"] ?? "page") : undefined}
      className={classText}
      style={typeof style === "function" ? style(state) : style}
      href={props.to}
    >
      {typeof children === "function" ? children(state) : children}
    </a>
  );
}

/** Only a path from the site's root (or a full URL) is the same href without the router's resolution. */
function isSiteOrFullUrl(to: LinkProps["to"]): to is string {
  return typeof to === "string" && (to.startsWith("/") || /^https?:\/\//.test(to));
}

/** A link's props without React Router's own, which an anchor does not take. */
function anchorProps(props: LinkProps): Omit<LinkProps, "to"> & { style?: CSSProperties; children?: ReactNode } {
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
  return anchor;
}
