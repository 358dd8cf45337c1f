// What a service refuses or fails with, in the service's own terms. Services know nothing of HTTP: the API layer
// answers each kind with its status and the one error body (server/api/errors.ts).
import type { FieldError } from "#shared/contract/errors.ts";

export type ServiceErrorKind =
  /** The input is wrong; fieldErrors say which field and why. */
  | "invalid-input"
  /** The input is well formed but names what this site will not use (an internal address); fieldErrors say which. */
  | "refused-input"
  /** What the caller names does not exist (any more). */
  | "not-found"
  /** What the caller names existed but can no longer be used (an undo that was done already or ran out of time). */
  | "gone"
  /** The change collides with the current state: a name already taken, a rule that forbids it. */
  | "conflict"
  /** The request contradicts an earlier one it claims to repeat (an idempotency key sent with another body). */
  | "mismatch"
  /** The change would take a store past its quota. */
  | "quota-exceeded"
  /** What the service needs is not set up here; an operator has to act. */
  | "unavailable"
  /** An outside service (image host, Google, Firebase, mail) refused, failed or answered nonsense. */
  | "upstream-failed"
  /** An outside service did not answer in time. */
  | "upstream-timeout";

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly fieldErrors: FieldError[];
  constructor(kind: ServiceErrorKind, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.kind = kind;
    this.fieldErrors = fieldErrors;
  }
}

export class InvalidInputError extends ServiceError {
  constructor(message: string, fieldErrors: FieldError[] = []) {
    super("invalid-input", message, fieldErrors);
  }
}

export class RefusedInputError extends ServiceError {
  constructor(message: string, fieldErrors: FieldError[] = []) {
    super("refused-input", message, fieldErrors);
  }
}

export class NotFoundError extends ServiceError {
  constructor(message: string, fieldErrors: FieldError[] = []) {
    super("not-found", message, fieldErrors);
  }
}

export class GoneError extends ServiceError {
  constructor(message: string) {
    super("gone", message);
  }
}

export class ConflictError extends ServiceError {
  constructor(message: string, fieldErrors: FieldError[] = []) {
    super("conflict", message, fieldErrors);
  }
}

export class MismatchError extends ServiceError {
  constructor(message: string, fieldErrors: FieldError[] = []) {
    super("mismatch", message, fieldErrors);
  }
}

export class QuotaExceededError extends ServiceError {
  constructor(message: string, fieldErrors: FieldError[] = []) {
    super("quota-exceeded", message, fieldErrors);
  }
}

export class UnavailableError extends ServiceError {
  constructor(message: string) {
    super("unavailable", message);
  }
}

export class UpstreamError extends ServiceError {
  constructor(message: string) {
    super("upstream-failed", message);
  }
}

export class UpstreamTimeoutError extends ServiceError {
  constructor(message: string) {
    super("upstream-timeout", message);
  }
}

/** A database error (or one it caused) that says a unique index refused the write. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
