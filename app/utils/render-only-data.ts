// Loader data of a page that never hydrates, carried past React Router's hydration encoding.
//
// React Router encodes every loader's data for the browser's hydration (turbo-stream, value by value) before the
// page renders, also on the pages that ship no JavaScript and never send that encoding anywhere: for a report or a
// 50-row list that walk cost about a twelfth of the request's CPU time. So the loaders of these pages return their
// data boxed: the encoding sees one JSON string (cheap to encode; `JSON.stringify` is native), while the server's
// render reads the value itself from a symbol-keyed field, which the encoding skips. After a client navigation from
// a hydrated page only the string reaches the browser, and the page parses it. The data must be plain JSON values,
// as the API's answers are.
import { useMemo } from "react";

const carriedValue = Symbol("render-only value");

/** `T` for this request's render, and as JSON text for anywhere else. */
export interface RenderOnlyData<T> {
  readonly json: string;
  readonly [carriedValue]?: T;
}

export function renderOnlyData<T>(value: T): RenderOnlyData<T> {
  return { json: JSON.stringify(value), [carriedValue]: value };
}

export function readRenderOnlyData<T>(data: RenderOnlyData<T>): T {
  return carriedValue in data ? (data[carriedValue] as T) : (JSON.parse(data.json) as T);
}

/** The page's data, read once per box (a re-render does not parse it again). */
export function useRenderOnlyData<T>(data: RenderOnlyData<T>): T {
  return useMemo(() => readRenderOnlyData(data), [data]);
}
