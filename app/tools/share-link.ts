// Links that reopen a tool with its input and options. A small input goes in the query string, so the link works
// without JavaScript (the page's loader computes the result) and reads like the form that made it. A larger one
// goes in the fragment: browsers never send a fragment to a server, and a request line of megabytes would be
// refused on the way; the page's script restores it.
import { formatByteSize, utf8ByteLength } from "#shared/tools/text-size.ts";

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

/** A tool's options as its form names them: a checkbox as a boolean, any other field as its value. */
type ToolOptions = Record<string, string | boolean>;

/** The options that differ from the defaults, as the form sends them (a checked box as "on"). */
export function optionParams<Options extends object>(options: Options, defaults: Options): [string, string][] {
  return Object.entries(options as ToolOptions)
    .filter(([name, value]) => value !== (defaults as ToolOptions)[name])
    .map(([name, value]) => [name, value === true ? "on" : String(value)]);
}

/** The options the form's fields hold, typed as `defaults`; a field with no value (none chosen) keeps its default. */
function formOptions<Options extends object>(form: HTMLFormElement, defaults: Options): Options {
  const fields = new FormData(form);
  const options: ToolOptions = {};
  for (const [name, fallback] of Object.entries(defaults as ToolOptions)) {
    const value = fields.get(name);
    options[name] =
      typeof fallback === "boolean" ? value === "on" : typeof value === "string" && value ? value : fallback;
  }
  return options as Options;
}

/**
 * Puts a fragment's shared input and options into the tool's form, each field by its name (a checkbox is "on" or
 * off), and returns the options the form then holds, or null when the fragment holds no input. Loaded only when a
 * fragment holds one.
 */
export function restoreFromFragment<Options extends object>(
  form: HTMLFormElement,
  hash: string,
  defaults: Options,
): Options | null {
  const params = readSharedParams(hash);
  if (!params) return null;
  for (const element of form.elements) {
    // Inputs, textareas and selects alike have a name, a type and a value.
    const field = element as HTMLInputElement;
    const value = params.get(field.name);
    if (field.type === "checkbox") field.checked = value === "on";
    else if (field.type === "radio") field.checked = value === null ? field.checked : field.value === value;
    else if (value !== null) field.value = value;
  }
  return formOptions(form, defaults);
}

/**
 * For the Copy link button: the absolute link to the form's input and options, after saying in the element `noteId`
 * where the input goes. Throws (the button then copies nothing) when there is no input or the link would be too long
 * to open.
 */
export function linkToCopy(form: HTMLFormElement, path: string, defaults: object, noteId: string): string {
  const input = new FormData(form).get(SHARED_INPUT_PARAM);
  const link =
    typeof input === "string" && input !== ""
      ? shareLink(path, input, optionParams(formOptions(form, defaults), defaults))
      : null;
  const note =
    link === null
      ? "Type or paste an input first."
      : "tooLarge" in link
        ? `The link would be ${formatByteSize(link.chars)}, longer than browsers open: download the result instead.`
        : link.inQuery
          ? "The input is in the link's address: whoever opens it sends it to this site."
          : "The input is after the link's #, which browsers never send: the page reads it when it opens.";
  const noteElement = document.getElementById(noteId);
  if (noteElement) noteElement.textContent = note;
  if (link === null || "tooLarge" in link) throw new Error(note);
  return new URL(link.href, window.location.href).href;
}
