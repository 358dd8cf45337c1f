// Posted text a page shows again in its textarea, kept out of the hydration data.
//
// A form posted without JavaScript (the JSON tool's megabyte of input) must come back in its textarea, so nothing
// is lost. Returned as action data it would also be serialised into the page's hydration data: a second, escaped
// copy of the same megabytes, encoded on the server and parsed by the browser only to be compared with the text
// already in the textarea. Instead the action hands the text to the server render alone (`echoText`), and the
// hydrating browser reads it back from the textarea it is about to own (`useEchoedText`).
import { createContext, useContext, useState } from "react";
import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/context";

const EchoedTextContext = createContext<ReadonlyMap<string, string>>(new Map());
export const EchoedTextProvider = EchoedTextContext.Provider;

/** In an action: show `text` in the textarea with id `textareaId` of the page this request renders. */
export function echoText(context: Readonly<RouterContextProvider>, textareaId: string, text: string): void {
  context.get(requestInfoContext).echoedText.set(textareaId, text);
}

/**
 * The text for the textarea `textareaId`: on the server what the action echoed, in the browser what the server
 * rendered into that textarea (read once, when the page hydrates; empty when the page was reached by navigation).
 */
export function useEchoedText(textareaId: string): string {
  const echoed = useContext(EchoedTextContext);
  const [text] = useState(() => {
    if (typeof document === "undefined") return echoed.get(textareaId) ?? "";
    const element = document.getElementById(textareaId);
    // defaultValue is the rendered text; a visitor who typed before hydration keeps their value regardless.
    return element instanceof HTMLTextAreaElement ? element.defaultValue : "";
  });
  return text;
}
