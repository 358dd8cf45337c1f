// Authorization matrix for /api: every administrator endpoint in the OpenAPI document, called as a
// visitor, a signed-in user (bearer and cookie) and an administrator. Only the administrator gets past the guard.
// The list comes from /api/openapi.json and the router itself, so an endpoint added later is covered at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../auth/cookie";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { allowLoopbackOnly, apiOperations, isAdminPath, sampleValue, type Operation } from "#tests/support/security.ts";

let h: ApiHarness;
let restoreNetwork: () => void;
let operations: Operation[];
let admin: { token: string };
let user: { token: string };

beforeAll(async () => {
  restoreNetwork = allowLoopbackOnly();
  h = await createApiHarness();
  operations = await apiOperations(h);
  admin = await h.signIn({ admin: true });
  user = await h.signIn();
});
afterAll(async () => {
  await h.close();
  restoreNetwork();
});

function call(op: Operation, auth: { token?: string; cookie?: string }) {
  const headers: Record<string, string> = { origin: "http://localhost", "sec-fetch-site": "same-origin" };
  if (auth.cookie) headers.cookie = auth.cookie;
  const json = op.method === "GET" || op.method === "DELETE" ? undefined : (sampleValue(op.bodySchema) ?? {});
  return h.request(op.requestPath, { method: op.method, token: auth.token, headers, json });
}

describe("/api authorization matrix", () => {
  it("knows the endpoints: the OpenAPI document lists the sign-in ones", () => {
    expect(operations.some((op) => op.path === "/api/auth/login" && op.method === "POST")).toBe(true);
  });

  it("declares every route with createRoute, so none escapes the OpenAPI document and this matrix", () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path.replace(/\{([^}]+)\}/g, ":$1")}`));
    const undocumented = h.api.routes
      .filter((r) => r.method !== "ALL" && r.path !== "/api/openapi.json")
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !documented.has(key));
    expect(undocumented, "routes missing from /api/openapi.json").toEqual([]);
  });

  it("refuses every administrator endpoint to visitors (401) and users (403); the administrator passes", async () => {
    const adminOperations = operations.filter((op) => isAdminPath(op.path));
    const userCookie = await sessionCookie().serialize(user.token);
    const failures: string[] = [];
    for (const op of adminOperations) {
      const label = `${op.method} ${op.path}`;
      const visitor = await call(op, {});
      if (visitor.status !== 401) failures.push(`${label} as visitor: ${visitor.status}`);
      const asUser = await call(op, { token: user.token });
      if (asUser.status !== 403) failures.push(`${label} as user (bearer): ${asUser.status}`);
      const asUserCookie = await call(op, { cookie: userCookie });
      if (asUserCookie.status !== 403) failures.push(`${label} as user (cookie): ${asUserCookie.status}`);
      const asAdmin = await call(op, { token: admin.token });
      // A dummy id or body may well be refused (400, 404, 409…), and an outside service that is not configured
      // here may answer 502/503/504 saying so; but never unauthorized, and never a crash (500).
      const text = await asAdmin.clone().text();
      const honestUpstreamFailure =
        [502, 503, 504].includes(asAdmin.status) && /"detail":"(?!Internal server error)[^"]+"/.test(text);
      if ([401, 403].includes(asAdmin.status) || (asAdmin.status >= 500 && !honestUpstreamFailure)) {
        failures.push(`${label} as administrator: ${asAdmin.status} ${(await asAdmin.text()).slice(0, 200)}`);
      }
    }
    expect(failures.join("\n")).toBe("");
    console.info(
      `[authorization] ${adminOperations.length} administrator endpoints checked: ` +
        `${adminOperations.map((o) => `${o.method} ${o.path}`).join(", ") || "none yet"}`,
    );
  });

  it("answers a visitor on every other endpoint without a crash", async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => !isAdminPath(o.path) && o.path !== "/api/auth/logout")) {
      const response = await call(op, {});
      if (response.status >= 500 && response.status !== 503)
        failures.push(`${op.method} ${op.path} as visitor: ${response.status}`);
    }
    expect(failures.join("\n")).toBe("");
  });
});
