// Loader data of a page that never hydrates, kept out of React Router's hydration encoding.
//
// React Router encodes every loader's data for the browser's hydration (turbo-stream, value by value) before the
// page renders, also on the pages that ship no JavaScript and never send that encoding anywhere: for a report or a
// 50-row list that walk cost about a twelfth of the request's CPU time. So the loaders of these pages return their
// data boxed: the server's render reads the value from a symbol-keyed field, which the encoding skips. A document
// request's box has no other field (its page never hydrates, so nothing reads the encoding). A data request, the
// JSON a client navigation from a hydrated page fetches, also carries the data as JSON text, which the page parses;
// the encoding sees that as one string. The data must be plain JSON values, as the API's answers are.
import { useMemo } from "react";

const carriedValue = Symbol("render-only value");

/** `T` for this request's render, and as JSON text in a client navigation's data. */
export interface RenderOnlyData<T> {
  readonly json?: string;
  readonly [carriedValue]?: T;
}

/** `request` is the loader's: a client navigation asks for the page's path with `.data` added. */
export function renderOnlyData<T>(request: Request, value: T): RenderOnlyData<T> {
  if (!isDataRequest(request)) return { [carriedValue]: value };
  return { json: JSON.stringify(value), [carriedValue]: value };
}

function isDataRequest(request: Request): boolean {
  const url = request.url;
  const queryStart = url.indexOf("?");
  return (queryStart === -1 ? url : url.slice(0, queryStart)).endsWith(".data");
}

export function readRenderOnlyData<T>(data: RenderOnlyData<T>): T {
  if (carriedValue in data) return data[carriedValue] as T;
  if (typeof data.json !== "string") {
    // Only a page that hydrates can get here, and a page whose loader boxes its data must not (app/utils/hydration.ts).
    throw new Error("This page's data was rendered on the server only and is not in the page's hydration data.");
  }
  return JSON.parse(data.json) as T;
}

/** The page's data, read once per box (a re-render does not parse it again). */
export function useRenderOnlyData<T>(data: RenderOnlyData<T>): T {
  return useMemo(() => readRenderOnlyData(data), [data]);
}
