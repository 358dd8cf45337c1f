import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRequestContext, sessionContext } from "#app/context.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { apiRequest, apiStream, fieldErrorsOf } from "./api.server";

let h: ApiHarness;
let remote: ReturnType<typeof serve>;
let remoteUrl: string;

beforeAll(async () => {
  h = await createApiHarness();
  remote = serve({ fetch: h.api.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => remote.once("listening", resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  remote.close();
  await h.close();
});
afterEach(() => {
  delete process.env.API_URL;
});

function contextFor(token: string | null) {
  const context = createRequestContext({ clientIp: "203.0.113.9", api: h.api });
  context.set(sessionContext, { user: null, expires: null, sessionToken: token, did: null });
  return context;
}

describe.each([
  ["in-process", () => undefined],
  ["remote over HTTP (API_URL)", () => remoteUrl],
])("the API client, %s", (_mode, apiUrl) => {
  it("forwards the session token as a bearer token", async () => {
    const url = apiUrl();
    if (url) process.env.API_URL = url;
    const { token, email } = await h.signIn();
    const result = await apiRequest<{ user: { email: string } | null }>(contextFor(token), "/auth/session");
    expect(result.ok && result.data.user?.email).toBe(email);
    const anonymous = await apiRequest<{ user: null }>(contextFor(null), "/auth/session");
    expect(anonymous.ok && anonymous.data.user).toBeNull();
  });

  it("turns a failure into the error object with field errors", async () => {
    const url = apiUrl();
    if (url) process.env.API_URL = url;
    const result = await apiRequest(contextFor(null), "/auth/login", { body: { email: "nope" } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.error.status_code).toBe(400);
    expect(fieldErrorsOf(result.error)).toMatchObject({ email: [expect.any(String)], password: [expect.any(String)] });
  });

  it("answers 404 for unknown paths in the same shape", async () => {
    const url = apiUrl();
    if (url) process.env.API_URL = url;
    const result = await apiRequest(contextFor(null), "/does/not/exist");
    expect(result).toMatchObject({
      ok: false,
      status: 404,
      error: { detail: "Not Found", status_code: 404, errors: [] },
    });
  });

  it("passes a streamed answer on, its body readable past the time-out, and reads a failure whole", async () => {
    const url = apiUrl();
    if (url) process.env.API_URL = url;
    const result = await apiStream(contextFor(null), "/camera/reports/export.csv", { timeoutMs: 200 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.response.headers.get("content-disposition")).toMatch(/^attachment; filename="camera-reports-all-/);
    // The time-out bounds the wait for the headers only: the file may take longer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await result.response.text()).toMatch(/^\uFEFF?"id","manufacturer","device_model",/);
    const failed = await apiStream(contextFor(null), "/camera/reports/export.json?facing=SIDEWAYS");
    expect(failed).toMatchObject({
      ok: false,
      status: 400,
      error: { status_code: 400, errors: [{ field: "facing" }] },
    });
  });
});

describe("the API client's transport failures", () => {
  it("reports an unreachable backend as a 503 carrying the transport message", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    process.env.API_URL = `http://127.0.0.1:${port}/api`;
    const result = await apiRequest(contextFor(null), "/auth/session");
    expect(result).toMatchObject({ ok: false, status: 503, error: { status_code: 503 } });
    if (!result.ok) expect(result.error.detail.length).toBeGreaterThan(0);
  });

  const stalledBackends: [string, http.RequestListener][] = [
    [
      "that hangs",
      () => {
        /* never answers */
      },
    ],
    [
      "that stops in the middle of its body",
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"user": ');
      },
    ],
  ];

  it.each(stalledBackends)("gives up on a backend %s, within the timeout", async (_name, listener) => {
    const stalled = http.createServer(listener);
    await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
    process.env.API_URL = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/api`;
    const started = Date.now();
    const result = await apiRequest(contextFor(null), "/auth/session", { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result).toMatchObject({ ok: false, status: 503, error: { detail: "The API did not answer in time" } });
    stalled.closeAllConnections();
    stalled.close();
  });

  it("treats 204 as an empty result and a body with an error field as a failure", async () => {
    const server = http.createServer((req, res) => {
      if (req.url?.endsWith("/empty")) {
        res.writeHead(204).end();
      } else {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ error: "upstream said no" }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    expect(await apiRequest(contextFor(null), "/empty")).toMatchObject({ ok: true, status: 204, data: undefined });
    expect(await apiRequest(contextFor(null), "/other")).toMatchObject({
      ok: false,
      error: { detail: "upstream said no" },
    });
    server.close();
  });
});
