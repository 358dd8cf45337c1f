// Per-page <head> tags: the title "{page} · {site name}", a description, the canonical URL and the Open Graph
// copies of them. Every route module's meta function uses this, so pages read the same in tabs, search results
// and link previews:
//
//   export const meta: Route.MetaFunction = (args) =>
//     pageMeta(args, { title: "Contact", description: "Send the site's owners a message." });
//
// The site name and public origin come from the root loader (siteName, origin).
import type { MetaDescriptor } from "react-router";

const DEFAULT_SITE_NAME = "Camera Probe";
const DEFAULT_DESCRIPTION =
  "Android camera capability reports uploaded by the Camera Probe app: sensors, " +
  "lenses, formats and modes per device, plus small developer tools.";
const MAX_DESCRIPTION_LENGTH = 160;

export interface PageMeta {
  /** The page's own name; the document title becomes "{title} · {site name}". Empty: the site name alone. */
  title: string;
  /** One or two sentences for search results; longer text is cut at 160 characters. */
  description?: string;
  /** When several URLs show the same page (/cam2/:id and /camera2/:id), the one search engines should index. */
  canonicalPath?: string;
  /** Keep the page out of search indexes (sign-in, admin, personal and error pages). */
  noIndex?: boolean;
}

/** What a meta function receives that this helper reads; a route's Route.MetaArgs fits. */
export interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

interface SiteMetaData {
  siteName: string;
  origin: string;
}

/** The site name and origin the root loader provides (defaults while it has not run, e.g. in an error). */
function siteMetaOf(matches: MetaArgsLike["matches"]): SiteMetaData {
  const root = matches.find((match) => match?.id === "root")?.loaderData as Partial<SiteMetaData> | undefined;
  return { siteName: root?.siteName || DEFAULT_SITE_NAME, origin: root?.origin ?? "" };
}

/** "/camera2/report_list/" and "/camera2/report_list" are one page: the canonical form has no trailing slash. */
function canonicalPathOf(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

function documentTitle(pageTitle: string, siteName: string): string {
  const title = pageTitle.trim();
  return title && title !== siteName ? `${title} · ${siteName}` : siteName;
}

/** Ends a cut description with three dots, not "…": a page whose own text is Latin-1 renders faster (decision 0096). */
function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length <= MAX_DESCRIPTION_LENGTH
    ? oneLine
    : `${oneLine.slice(0, MAX_DESCRIPTION_LENGTH - 3).trimEnd()}...`;
}

export function pageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const { siteName, origin } = siteMetaOf(args.matches);
  const title = documentTitle(page.title, siteName);
  const description = shorten(page.description || DEFAULT_DESCRIPTION);
  const url = `${origin}${canonicalPathOf(page.canonicalPath ?? args.location.pathname)}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: "summary" },
  ];
  // A canonical URL must be absolute; without the root loader's origin (an error page) there is none.
  if (origin) tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
