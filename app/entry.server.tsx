import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "./context";
import { EchoedTextProvider } from "./utils/echoed-text";
import { withEchoedTexts } from "./utils/echoed-text.server";
import { NonceProvider } from "./utils/nonce";
import { contentSecurityPolicy } from "./utils/security.server";
import { startTiming } from "../shared/http/server-timing";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, echoedText } = loadContext.get(requestInfoContext);
  const echoed = { texts: echoedText, marker: echoedText.size ? randomBytes(16).toString("hex") : "" };
  const isProduction = process.env.NODE_ENV === "production";
  const stopRenderTiming = startTiming("render");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Bots and no-JS clients get the whole document at once; browsers get the shell as soon as it is ready.
    const readyEvent =
      isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <EchoedTextProvider value={echoed}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </EchoedTextProvider>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary goes out in place. React would move a large one (an admin form) after the rest
        // of the page, shown by an inline script: without JavaScript it would stay hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          stopRenderTiming();
          const body = new PassThrough();
          const sent = echoed.marker ? withEchoedTexts(body, echoed.texts, echoed.marker) : body;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, isProduction));
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
          resolve(
            new Response(createReadableStreamFromReadable(sent), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
