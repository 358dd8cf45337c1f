// Posted text a page shows again in its textarea, kept out of the hydration data and out of React's escaping.
//
// A form posted without JavaScript (the JSON tool's megabyte of input) must come back in its textarea, so nothing
// is lost. Returned as action data it would also be serialised into the page's hydration data: a second, escaped
// copy of the same megabytes, encoded on the server and parsed by the browser only to be compared with the text
// already in the textarea. Instead the action hands the text to the server render alone (`echoText`), and the
// hydrating browser reads it back from the textarea it is about to own (`useEchoedText`).
//
// React would also escape every quote of it (`&quot;`: a megabyte of JSON became 1.7 MB of HTML) and measure the
// escaped copy again while streaming. So the server renders a per-request marker in the textarea, and the stream
// puts the text in its place with only the escapes a textarea needs (echoed-text.server.ts).
import { createContext, useContext, useState } from "react";
import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context.ts";

interface EchoedTexts {
  /** The texts by textarea id. */
  texts: ReadonlyMap<string, string>;
  /** Unguessable, per request: rendered in place of each text, then replaced in the HTML stream. */
  marker: string;
}

const EchoedTextContext = createContext<EchoedTexts>({ texts: new Map(), marker: "" });
export const EchoedTextProvider = EchoedTextContext.Provider;

/** In an action: show `text` in the textarea with id `textareaId` of the page this request renders. */
export function echoText(context: Readonly<RouterContextProvider>, textareaId: string, text: string): void {
  context.get(requestInfoContext).echoedText.set(textareaId, text);
}

/**
 * What the server renders in place of the text of textarea `textareaId`: hex digits only, which React leaves alone
 * (the id's characters as hex, so two ids never share a placeholder).
 */
export function echoedTextPlaceholder(marker: string, textareaId: string): string {
  let id = "";
  for (let i = 0; i < textareaId.length; i++) id += textareaId.charCodeAt(i).toString(16).padStart(4, "0");
  return `${marker}${id}${marker}`;
}

export interface EchoedText {
  /** The text itself. */
  text: string;
  /** For the textarea's `defaultValue` only (on the server, a placeholder for the text). */
  defaultValue: string;
}

/**
 * The text for the textarea `textareaId`: on the server what the action echoed, in the browser what the server
 * rendered into that textarea (read once, when the page hydrates; empty when the page was reached by navigation).
 */
export function useEchoedText(textareaId: string): EchoedText {
  const { texts, marker } = useContext(EchoedTextContext);
  const [echoed] = useState((): EchoedText => {
    if (typeof document === "undefined") {
      const text = texts.get(textareaId);
      if (text === undefined) return { text: "", defaultValue: "" };
      // Without a marker (a render outside entry.server) nothing would replace a placeholder: React writes the text.
      return { text, defaultValue: marker ? echoedTextPlaceholder(marker, textareaId) : text };
    }
    const element = document.getElementById(textareaId);
    // defaultValue is the rendered text; a visitor who typed before hydration keeps their value regardless.
    const text = element instanceof HTMLTextAreaElement ? element.defaultValue : "";
    return { text, defaultValue: text };
  });
  return echoed;
}
