// The one way route modules reach /api: in-process through the Hono app by default, or over HTTP to API_URL.
// Every failure, whatever its cause, comes back as the error object {detail, status_code, errors}.
import { data, type RouterContextProvider } from "react-router";
import { apiTransportContext, requestInfoContext, sessionContext } from "#app/context.ts";
import { FieldErrorSchema, type ApiErrorBody, type FieldError } from "#shared/contract/errors.ts";
import { timed } from "#shared/http/server-timing.ts";
import { SharedAnswers } from "./api-answers.server";
import { webEnv } from "./env.server";

export type { ApiErrorBody } from "#shared/contract/errors.ts";

export type ApiResult<T> =
  | {
      ok: true;
      status: number;
      data: T;
      headers: Headers;
      /** The answer as it came: stored JSON is read from it (shared/stored-json.ts), as `data` may have lost digits. */
      text?: string;
    }
  | { ok: false; status: number; error: ApiErrorBody; headers: Headers };

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Overrides the session token of the current request (sign-in flows). null sends none. */
  token?: string | null;
  headers?: Record<string, string>;
  /** Milliseconds before the call fails; default 10 s. */
  timeoutMs?: number;
}

type ReadableContext = Readonly<RouterContextProvider>;

const DEFAULT_TIMEOUT_MS = 10_000;

/** Shared answers of GET requests, reused while /api says they have not changed (app/utils/api-answers.server.ts). */
const sharedAnswers = new SharedAnswers();

function remoteBaseUrl(): string | undefined {
  return webEnv.apiUrl;
}

export async function apiRequest<T>(
  context: ReadableContext,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers = new Headers(options.headers);
  headers.set("accept", "application/json");
  const token = options.token === undefined ? context.get(sessionContext).sessionToken : options.token;
  if (token) headers.set("authorization", `Bearer ${token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  const keptEtag =
    method === "GET" && body === undefined && !headers.has("if-none-match") ? sharedAnswers.etagFor(path) : undefined;
  if (keptEtag) headers.set("if-none-match", keptEtag);
  const { clientIp } = context.get(requestInfoContext);
  const transport = remoteBaseUrl() ? null : context.get(apiTransportContext);
  const deadline = startDeadline(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const { signal } = deadline;
  try {
    let response: Response;
    try {
      if (transport) {
        // No signal on an in-process request: /api does not read one, and a Request that follows a signal stays
        // reachable until a finalizer has run, which moves it into the old generation (withAbort keeps the time-out).
        const request = new Request(`http://in-process/api${path}`, { method, headers, body });
        response = await timed("api", () => withAbort(Promise.resolve(transport.fetch(request, { clientIp })), signal));
      } else {
        const base = remoteBaseUrl();
        if (!base) throw new Error("API_URL is not set and no in-process API is available");
        headers.set("x-forwarded-for", clientIp);
        response = await timed("api", () =>
          fetch(`${base}${path}`, { method, headers, body, signal, redirect: "manual" }),
        );
      }
    } catch (error) {
      return transportFailure(error);
    }
    noteDataAge(context, Number(response.headers.get("age") ?? 0));
    if (keptEtag && response.status === 304) {
      const kept = sharedAnswers.reuse(path, response.headers.get("etag"));
      if (kept) return { ok: true, status: 200, data: kept.data as T, headers: response.headers, text: kept.text };
      // A 304 for a tag this client no longer keeps: ask again, without one.
      sharedAnswers.forget(path);
      return apiRequest<T>(context, path, options);
    }
    let result: ApiResult<T>;
    try {
      result = await readResponse<T>(response);
    } catch (error) {
      // The time-out, or the connection lost, while the body was still coming.
      return transportFailure(error);
    }
    if (method !== "GET") return result;
    if (result.ok && result.status === 200 && result.text !== undefined) {
      return { ...result, data: sharedAnswers.keep(path, response, result.data, result.text) };
    }
    sharedAnswers.forget(path);
    return result;
  } finally {
    deadline.clear();
  }
}

/**
 * A GET whose answer is passed on as it comes (the exports): on success the API's response itself, its body a
 * stream read as the browser reads it, in-process or from API_URL alike; a failure is read as apiRequest reads it.
 * The time-out covers the wait for the answer's headers only: a long file may take longer than that to send.
 */
export async function apiStream(
  context: ReadableContext,
  path: string,
  options: Pick<ApiRequestOptions, "timeoutMs"> & {
    /** The visitor's If-None-Match / If-Modified-Since, passed on: a 304 then counts as an answer. */
    conditional?: Record<string, string>;
  } = {},
): Promise<{ ok: true; response: Response } | Extract<ApiResult<never>, { ok: false }>> {
  const headers = new Headers(options.conditional);
  const token = context.get(sessionContext).sessionToken;
  if (token) headers.set("authorization", `Bearer ${token}`);
  const { clientIp } = context.get(requestInfoContext);
  const transport = remoteBaseUrl() ? null : context.get(apiTransportContext);
  const deadline = startDeadline(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const { signal } = deadline;
  let response: Response;
  try {
    if (transport) {
      const request = new Request(`http://in-process/api${path}`, { headers });
      response = await timed("api", () => withAbort(Promise.resolve(transport.fetch(request, { clientIp })), signal));
    } else {
      const base = remoteBaseUrl();
      if (!base) throw new Error("API_URL is not set and no in-process API is available");
      headers.set("x-forwarded-for", clientIp);
      response = await timed("api", () => fetch(`${base}${path}`, { headers, signal, redirect: "manual" }));
    }
  } catch (error) {
    return transportFailure(error);
  } finally {
    deadline.clear();
  }
  if (response.ok || (options.conditional && response.status === 304)) return { ok: true, response };
  // A failed answer is read whole: it is the small error body.
  return (await readResponse<never>(response)) as Extract<ApiResult<never>, { ok: false }>;
}

/** This request's answer is built from data `seconds` old (see RequestInfo.dataAgeSeconds). */
export function noteDataAge(context: ReadableContext, seconds: number): void {
  if (!(seconds > 0) || !Number.isFinite(seconds)) return;
  const info = context.get(requestInfoContext);
  if (seconds > info.dataAgeSeconds) info.dataAgeSeconds = Math.ceil(seconds);
}

/**
 * The call's time-out as an abort signal, and its timer cleared once the call is done. A timer still pending
 * (AbortSignal.timeout's runs its full time) keeps the page request's async context, and all it holds, alive
 * until it fires: objects that outlive the young generation and fill the old one.
 */
function startDeadline(ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The API did not answer in time", "TimeoutError")),
    ms,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

function transportFailure(error: unknown): Extract<ApiResult<never>, { ok: false }> {
  const detail =
    error instanceof Error && error.name === "TimeoutError"
      ? "The API did not answer in time"
      : transportMessage(error);
  return { ok: false, status: 503, error: { detail, status_code: 503, errors: [] }, headers: new Headers() };
}

async function withAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) throw signal.reason;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function transportMessage(error: unknown): string {
  if (error instanceof Error) return error.message || "in network request!";
  return "in network request!";
}

async function readResponse<T>(response: Response): Promise<ApiResult<T>> {
  const { status, headers } = response;
  // A 204 or 205 answer is an empty result.
  if (status === 204 || status === 205) return { ok: true, status, data: undefined as T, headers };
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const errorField =
    parsed && typeof parsed === "object" && "error" in parsed ? (parsed as { error: unknown }).error : undefined;
  if (response.ok && errorField === undefined) return { ok: true, status, data: parsed as T, headers, text };
  return { ok: false, status: response.ok ? 500 : status, error: toErrorBody(parsed, response, errorField), headers };
}

function toErrorBody(parsed: unknown, response: Response, errorField: unknown): ApiErrorBody {
  const body = (parsed && typeof parsed === "object" ? parsed : {}) as Partial<ApiErrorBody>;
  const detail =
    typeof body.detail === "string"
      ? body.detail
      : typeof errorField === "string"
        ? errorField
        : `${response.statusText || "Request failed"} [HTTP ${response.status}]`;
  const errors = Array.isArray(body.errors)
    ? body.errors.filter((e): e is FieldError => FieldErrorSchema.safeParse(e).success)
    : [];
  return { detail, status_code: response.ok ? 500 : response.status, errors };
}

/** For loaders: the data, or a thrown error response the route's ErrorBoundary shows. */
export async function apiGetOrThrow<T>(
  context: ReadableContext,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const result = await apiRequest<T>(context, path, options);
  if (!result.ok) throw data(result.error, { status: result.status });
  return result.data;
}

/** Field errors in the shape Conform's submission.reply({ fieldErrors }) takes. */
export function fieldErrorsOf(error: ApiErrorBody): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const { field, message } of error.errors) (fieldErrors[field] ??= []).push(message);
  return fieldErrors;
}
