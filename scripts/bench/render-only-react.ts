// react-dom/server as the built pages see it in the benchmark's "render only" server (render-only-hook.ts): the
// real functions, except that the first renderToString of each page also times that same element, the page's
// route tree with its loaders' data already in memory, rendered again and again by React alone. Each page's
// figures go to BENCH_RENDER_ONLY_FILE as one JSON line: what the page would cost without the session, the /api
// calls, the database and the serialisation around the render.
import { appendFileSync } from "node:fs";
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import * as reactDomServer from "react-dom/server";

export const { renderToPipeableStream, renderToReadableStream, renderToStaticMarkup, version } = reactDomServer;

const WARM_UP_MS = 500;
const MEASURE_MS = Number(process.env.BENCH_RENDER_ONLY_MS ?? 3_000);
const timedPages = new Set<string>();

export function renderToString(element: ReactNode, options?: Parameters<typeof reactDomServer.renderToString>[1]) {
  const html = reactDomServer.renderToString(element, options);
  const file = process.env.BENCH_RENDER_ONLY_FILE;
  const url = file ? pageUrlOf(element) : null;
  if (file && url && !timedPages.has(url)) {
    timedPages.add(url);
    const renderAgain = () => reactDomServer.renderToString(withFreshHandoffStream(element), options);
    rendersFor(WARM_UP_MS, renderAgain);
    const { renders, milliseconds } = rendersFor(MEASURE_MS, renderAgain);
    appendFileSync(
      file,
      JSON.stringify({
        url,
        renders,
        msPerRender: milliseconds / renders,
        rendersPerSecond: (renders * 1000) / milliseconds,
        bytes: Buffer.byteLength(html),
      }) + "\n",
    );
  }
  return html;
}

function rendersFor(budgetMs: number, render: () => string): { renders: number; milliseconds: number } {
  const started = performance.now();
  let renders = 0;
  let elapsed = 0;
  do {
    render();
    renders += 1;
    elapsed = performance.now() - started;
  } while (elapsed < budgetMs);
  return { renders, milliseconds: elapsed };
}

/**
 * The same element with a new stream for React Router's hydration data: ServerRouter takes a reader from it at
 * every render, and a stream gives only one. A page without React in the browser never reads it.
 */
function withFreshHandoffStream(node: ReactNode, depth = 0): ReactNode {
  if (depth > 6 || !isValidElement(node)) return node;
  const element = node as ReactElement<{ url?: unknown; context?: object; children?: ReactNode }>;
  if (typeof element.props.url === "string" && element.props.context) {
    return cloneElement(element, { context: { ...element.props.context, serverHandoffStream: new ReadableStream() } });
  }
  return cloneElement(element, {}, withFreshHandoffStream(element.props.children, depth + 1));
}

/** The path and query of the page: the url prop of React Router's ServerRouter inside the entry's providers. */
function pageUrlOf(node: ReactNode, depth = 0): string | null {
  if (depth > 6 || !node || typeof node !== "object" || !("props" in node)) return null;
  const props = node.props as { url?: unknown; children?: ReactNode };
  if (typeof props.url === "string") {
    const url = new URL(props.url);
    return url.pathname + url.search;
  }
  return pageUrlOf(props.children, depth + 1);
}
