// Naughty input: every JSON field of every /api endpoint, and every query parameter, fed strings that
// have broken real systems, wrong types and prototype-pollution keys. Never a 500, never a polluted prototype,
// and what was accepted reads back intact. Endpoints come from the OpenAPI document, so later ones are covered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import {
  allowLoopbackOnly,
  apiOperations,
  NAUGHTY_BODIES,
  NAUGHTY_STRINGS,
  NAUGHTY_VALUES,
  sampleValue,
  type Operation,
} from "#tests/support/security.ts";

let h: ApiHarness;
let restoreNetwork: () => void;
let operations: Operation[];
let admin: { token: string };

beforeAll(async () => {
  restoreNetwork = allowLoopbackOnly();
  h = await createApiHarness();
  operations = await apiOperations(h);
  admin = await h.signIn({ admin: true });
});
afterAll(async () => {
  await h.close();
  restoreNetwork();
});

let ipCounter = 0;
const freshIp = () => `100.64.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Sign-out would end the administrator's session half-way through. */
const withBody = () => operations.filter((op) => op.bodySchema && !/logout/.test(op.path));

/**
 * A crash: a 500, or any 5xx without a clear message. An outside service that is not configured or fails may
 * answer 502/503/504 with a detail that says so; that is an honest answer, not a crash.
 */
async function crashOf(response: Response): Promise<string | null> {
  if (response.status < 500) {
    await response.arrayBuffer();
    return null;
  }
  const text = await response.text();
  let detail = "";
  try {
    detail = (JSON.parse(text) as { detail?: string }).detail ?? "";
  } catch {
    // not the error shape
  }
  if ([502, 503, 504].includes(response.status) && detail && !/internal server error/i.test(detail)) return null;
  return `${response.status} ${text.slice(0, 160)}`;
}

function describeValue(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}

describe("naughty JSON fields", () => {
  it("never answer 500 for any value in any field of any endpoint", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const op of withBody()) {
      const base = sampleValue(op.bodySchema);
      const fields = base && typeof base === "object" && !Array.isArray(base) ? Object.keys(base) : [];
      for (const field of fields) {
        for (const value of [...NAUGHTY_STRINGS, ...NAUGHTY_VALUES]) {
          const json = { ...(base as Record<string, unknown>), [field]: value };
          const response = await h.request(op.requestPath, {
            method: op.method,
            token: admin.token,
            json,
            clientIp: freshIp(),
          });
          requests += 1;
          const crash = await crashOf(response);
          if (crash) failures.push(`${op.method} ${op.path} ${field}=${describeValue(value)}: ${crash}`);
        }
      }
    }
    console.info(`[naughty] ${requests} requests over ${withBody().length} endpoints with a JSON body`);
    expect(failures.join("\n")).toBe("");
  }, 240_000);

  it(
    "never answer 500 for malformed, deeply nested or prototype-polluting bodies, and pollute nothing",
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      for (const op of withBody()) {
        for (const raw of NAUGHTY_BODIES) {
          const response = await h.request(op.requestPath, {
            method: op.method,
            token: admin.token,
            body: raw,
            headers: { "content-type": "application/json" },
            clientIp: freshIp(),
          });
          const crash = await crashOf(response);
          if (crash) failures.push(`${op.method} ${op.path} body ${describeValue(raw)}: ${crash}`);
        }
      }
      expect(failures.join("\n")).toBe("");
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty("isSuperuser");
      // A __proto__ key must not have made anyone an administrator.
      const session = (await (await h.request("/auth/session", { token: (await h.signIn()).token })).json()) as {
        user: { roles: string[] };
      };
      expect(session.user.roles).toEqual([]);
    },
  );

  it("never answer 500 for naughty query parameters", { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.method === "GET" && o.queryParameters.length)) {
      for (const name of op.queryParameters) {
        for (const value of NAUGHTY_STRINGS.filter((s) => s.length < 5000)) {
          const url = `${op.requestPath}?${new URLSearchParams({ [name]: value })}`;
          const response = await h.request(url, { token: admin.token });
          const crash = await crashOf(response);
          if (crash) failures.push(`GET ${op.path} ?${name}=${describeValue(value)}: ${crash}`);
        }
      }
    }
    expect(failures.join("\n")).toBe("");
  });

  it("still answer every GET endpoint afterwards: nothing stored broke a reader", async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.method === "GET" && !/logout/.test(o.path))) {
      const response = await h.request(op.requestPath, { token: admin.token });
      const crash = await crashOf(response);
      if (crash) failures.push(`GET ${op.path}: ${crash}`);
    }
    expect(failures.join("\n")).toBe("");
  });
});

describe("stored text", () => {
  it(
    "reads back exactly what was accepted (a name with unicode, markup and control characters)",
    { timeout: 60_000 },
    async () => {
      const accepted: string[] = [];
      for (const name of NAUGHTY_STRINGS.filter((s) => s.length <= 100)) {
        const email = `naughty-${++ipCounter}@example.com`;
        // Registration is closed by default: the administrator creates the user, who then signs in.
        const password = "a long enough passphrase";
        const response = await h.request("/v1/admin/auth/users", {
          method: "POST",
          token: admin.token,
          json: { email, password, name },
        });
        expect(response.status, describeValue(name)).toBeLessThan(500);
        if (response.status !== 200) continue;
        const signedIn = await h.request("/auth/login", {
          method: "POST",
          json: { email, password },
          clientIp: freshIp(),
        });
        const { sessionToken } = (await signedIn.json()) as { sessionToken: string };
        const session = (await (await h.request("/auth/session", { token: sessionToken })).json()) as {
          user: { name: string | null };
        };
        // Names are trimmed, an empty one is no name, and a lone surrogate (not Unicode) becomes U+FFFD as in any
        // UTF-8 text. Anything else must come back character for character.
        expect(session.user.name, describeValue(name)).toBe(name.trim().toWellFormed() || null);
        accepted.push(name);
      }
      expect(accepted.length).toBeGreaterThan(10);
    },
  );
});
