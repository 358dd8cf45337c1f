// The one error shape every /api failure answers with (its schema is shared/contract/errors.ts).
import { BodyRefused } from "../lib/body-budget";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiErrorBody, FieldError } from "#shared/contract/errors.ts";
import { databaseInputError, isDatabaseUnavailable } from "../db/client";
import { ServiceError, type ServiceErrorKind } from "../services/errors";

export type { ApiErrorBody, FieldError } from "#shared/contract/errors.ts";

/** Throw from a handler; app.onError turns it, and a service's own errors, into the JSON error body. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: FieldError[];
  readonly headers?: Record<string, string>;
  constructor(
    status: ContentfulStatusCode,
    detail: string,
    errors: FieldError[] = [],
    headers?: Record<string, string>,
  ) {
    super(detail);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }

  toBody(): ApiErrorBody {
    return { detail: this.message, status_code: this.status, errors: this.errors };
  }
}

function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join(".") || "_form", message: issue.message }));
}

export function validationError(error: ZodError): ApiError {
  const errors = zodFieldErrors(error);
  const first = errors[0];
  const detail = first
    ? first.field === "_form"
      ? first.message
      : `${first.field}: ${first.message}`
    : "Invalid request";
  return new ApiError(400, detail, errors);
}

/** The status each kind of service error answers with. */
const SERVICE_ERROR_STATUS: Record<ServiceErrorKind, ContentfulStatusCode> = {
  "invalid-input": 400,
  "refused-input": 422,
  "not-found": 404,
  gone: 410,
  conflict: 409,
  mismatch: 422,
  "quota-exceeded": 413,
  unavailable: 503,
  "upstream-failed": 502,
  "upstream-timeout": 504,
};

export function errorResponse(c: Context, error: unknown): Response {
  if (error instanceof BodyRefused) {
    const headers: Record<string, string> = error.status === 503 ? { "Retry-After": "2" } : {};
    return c.json({ detail: error.message, status_code: error.status, errors: [] }, error.status, headers);
  }
  if (error instanceof ApiError) {
    return c.json(error.toBody(), error.status, error.headers);
  }
  if (error instanceof ServiceError) {
    const status = SERVICE_ERROR_STATUS[error.kind];
    return c.json({ detail: error.message, status_code: status, errors: error.fieldErrors }, status);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json({ detail: error.message || "Request failed", status_code: status, errors: [] }, status);
  }
  if (error instanceof SyntaxError) {
    return c.json({ detail: "The request body is not valid JSON", status_code: 400, errors: [] }, 400);
  }
  if (isDatabaseUnavailable(error)) {
    console.error("[api] database unavailable:", error instanceof Error ? (error.cause ?? error).toString() : error);
    return c.json(
      { detail: "The database is unavailable right now. Please try again in a moment.", status_code: 503, errors: [] },
      503,
      { "Retry-After": "5" },
    );
  }
  const inputProblem = databaseInputError(error);
  if (inputProblem) return c.json({ detail: inputProblem, status_code: 400, errors: [] }, 400);
  console.error("[api] unhandled error:", error instanceof Error ? (error.stack ?? error.message) : error);
  return c.json({ detail: "Internal server error", status_code: 500, errors: [] }, 500);
}
