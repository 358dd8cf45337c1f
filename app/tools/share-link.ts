// Links that reopen a tool with its input and options. A small input goes in the query string, so the link works
// without JavaScript (the page's loader computes the result) and reads like the form that made it. A larger one
// goes in the fragment: browsers never send a fragment to a server, and a request line of megabytes would be
// refused on the way; the page's script restores it.
import { utf8ByteLength } from "../../shared/tools/text-size";

/**
 * Largest input put in a query string, in UTF-8 bytes. Percent-encoded it is at most three times that, which keeps
 * the request line under the 8 KB that common proxies accept.
 */
export const SHARE_QUERY_MAX_INPUT_BYTES = 2 * 1024;
/** Chromium does not open longer URLs (2 MiB), so a link past this is refused rather than made. */
export const SHARE_LINK_MAX_CHARS = 2 * 1024 * 1024;
/** The parameter that carries the input, in the query string or the fragment. */
export const SHARED_INPUT_PARAM = "input";

export type ShareLink = { href: string; inQuery: boolean } | { tooLarge: true; chars: number };

/**
 * The link to `path` with `input` and the options that differ from the defaults, written as the tool's form names
 * them (a checkbox as "on"), so that a query-string link is what the form itself would send.
 */
export function shareLink(path: string, input: string, options: ReadonlyArray<[string, string]>): ShareLink {
  const params = new URLSearchParams([[SHARED_INPUT_PARAM, input], ...options]);
  const inQuery = utf8ByteLength(input) <= SHARE_QUERY_MAX_INPUT_BYTES;
  const href = `${path}${inQuery ? "?" : "#"}${params}`;
  if (href.length > SHARE_LINK_MAX_CHARS) return { tooLarge: true, chars: href.length };
  return { href, inQuery };
}

/** The shared input and options of a query string or a fragment ("?input=…", "#input=…"), or null without an input. */
export function readSharedParams(searchOrHash: string): URLSearchParams | null {
  const params = new URLSearchParams(searchOrHash.replace(/^[?#]/, ""));
  return params.has(SHARED_INPUT_PARAM) ? params : null;
}

/** The query-string link for a page that was just computed, when the input is small enough for one. */
export function queryShareLink(path: string, input: string, options: ReadonlyArray<[string, string]>): string | null {
  if (input === "" || utf8ByteLength(input) > SHARE_QUERY_MAX_INPUT_BYTES) return null;
  const link = shareLink(path, input, options);
  return "href" in link ? link.href : null;
}
