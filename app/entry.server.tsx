import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "./context";
import { EchoedTextProvider } from "./utils/echoed-text";
import { withEchoedTexts } from "./utils/echoed-text.server";
import { webEnv } from "./utils/env.server";
import { pageHydrates } from "./utils/hydration";
import { NonceProvider } from "./utils/nonce";
import { wholePageResponse } from "./utils/whole-page.server";
import { contentSecurityPolicy } from "./utils/security.server";
import { startTiming } from "#shared/http/server-timing.ts";

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
  const { isProduction } = webEnv;
  const stopRenderTiming = startTiming("render");
  const page = (
    <NonceProvider value={nonce}>
      <EchoedTextProvider value={echoed}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </EchoedTextProvider>
    </NonceProvider>
  );
  const setPageHeaders = () => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, isProduction));
    if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  };
  const wholePage = echoed.marker || pageHydrates(matchedHandles(routerContext)) ? null : renderWhole(page);
  if (wholePage !== null) {
    stopRenderTiming();
    setPageHeaders();
    return wholePageResponse(wholePage, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Bots and no-JS clients get the whole document at once; browsers get the shell as soon as it is ready.
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    // The render is given up after streamTimeout. The timer is cleared once everything is rendered: a pending timer
    // would keep the request's async context, and all it holds, alive for its whole time.
    let abortTimer: NodeJS.Timeout | undefined;
    let allRendered = false;
    const stopAbortTimer = () => {
      allRendered = true;
      clearTimeout(abortTimer);
    };
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // A finished Suspense boundary goes out in place. React would move a large one (an admin form) after the rest
      // of the page, shown by an inline script: without JavaScript it would stay hidden.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        if (!waitForAll) send();
      },
      onAllReady() {
        stopAbortTimer();
        if (waitForAll) send();
      },
      onShellError(error: unknown) {
        stopAbortTimer();
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    if (!allRendered) abortTimer = setTimeout(abort, streamTimeout + 1_000);

    function send() {
      shellRendered = true;
      stopRenderTiming();
      const body = new PassThrough();
      const sent = echoed.marker ? withEchoedTexts(body, echoed.texts, echoed.marker) : body;
      setPageHeaders();
      resolve(
        new Response(createReadableStreamFromReadable(sent), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    }
  });
}

/** The handles of the matched routes, as useMatches() shows them to the page's Layout. */
function matchedHandles(routerContext: EntryContext): { handle: unknown }[] {
  return routerContext.staticHandlerContext.matches.map((match) => ({
    handle: routerContext.routeModules[match.route.id]?.handle,
  }));
}

// Where React could not finish a Suspense boundary on the server and left it to the browser.
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";
const DOCTYPE = "<!DOCTYPE html>";
const utf8 = new TextEncoder();

/**
 * A page without React in the browser and without pending Suspense boundaries as one buffer: React's string
 * renderer skips the stream chunks, and the answer goes out in one write with its length. The string React builds
 * is a rope of thousands of pieces: it is made flat and encoded once, here, and everything after works on bytes (a
 * string body would be scanned again by the Response for lone surrogates, a tenth of the page's CPU time).
 * Null when a boundary suspended (renderToString cannot wait for it): the streaming render handles that page.
 */
function renderWhole(page: React.ReactElement): Uint8Array<ArrayBuffer> | null {
  const rendered = renderToString(page);
  const html = rendered.startsWith(DOCTYPE) ? rendered : DOCTYPE + rendered;
  const bytes = utf8.encode(html);
  // The encoding made the string flat: searching it is about twice as fast as searching the bytes.
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : bytes;
}
