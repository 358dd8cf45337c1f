// A service's own error reaches the caller as the one error body, with the status its kind stands for.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  ConflictError,
  InvalidInputError,
  MismatchError,
  NotFoundError,
  UnavailableError,
  UpstreamError,
  UpstreamTimeoutError,
  type ServiceError,
} from "../services/errors";
import { errorResponse } from "./errors";

async function answerTo(error: ServiceError) {
  const app = new Hono();
  app.get("/", () => {
    throw error;
  });
  app.onError((thrown, c) => errorResponse(c, thrown));
  const response = await app.request("/");
  return { status: response.status, body: await response.json() };
}

describe("service errors on the wire", () => {
  it.each([
    [new InvalidInputError("Bad.", [{ field: "key", message: "Too long." }]), 400],
    [new NotFoundError("Site var not found."), 404],
    [new ConflictError("This key already exists.", [{ field: "key", message: "This key already exists." }]), 409],
    [new MismatchError("The Idempotency-Key was used for another report."), 422],
    [new UpstreamError("The image host answered HTTP 500."), 502],
    [new UnavailableError("Mail is not configured."), 503],
    [new UpstreamTimeoutError("Firebase did not answer within 10 s."), 504],
  ])("%s answers %i with its message and field errors", async (error, status) => {
    expect(await answerTo(error)).toEqual({
      status,
      body: { detail: error.message, status_code: status, errors: error.fieldErrors },
    });
  });
});
