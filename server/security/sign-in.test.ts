// Sign-in (issue 8): 10 attempts a minute per account and per client address, a forged X-Forwarded-For
// changing nothing unless TRUST_PROXY, one message and similar timing for an unknown e-mail and a wrong
// password, and the password rules (8 characters at least, 64 and more accepted and never truncated).
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users";
import { config } from "../config";
import { createApiHarness, type ApiHarness } from "../testing/api-harness";

let h: ApiHarness;
let server: ServerType;
let baseUrl: string;
beforeAll(async () => {
  h = await createApiHarness();
  // A real socket, so that the client address is the connection's and X-Forwarded-For is only a header.
  await new Promise<void>((resolve) => {
    server = serve({ fetch: h.api.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

let ipCounter = 0;
/** A fresh client address per call, for tests that must not trip the per-address limit. */
const freshIp = () => `203.0.113.${++ipCounter}`;

/** A user who has not signed in yet, so no attempt has been counted against the account. */
async function newAccount(): Promise<string> {
  const email = `limited-${++ipCounter}@example.com`;
  await createUser(h.database.db, { email, password: "correct horse battery staple" });
  return email;
}

function login(email: string, password: string, clientIp = freshIp()) {
  return h.request("/auth/login", { method: "POST", json: { email, password }, clientIp });
}

describe("sign-in rate limit", () => {
  it("allows 10 attempts a minute per account, from any number of addresses", async () => {
    const email = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(email, `wrong password ${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    // The right password does not get through either while the account is limited.
    const refused = await login(email, "correct horse battery staple");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/Too many sign-in attempts/);
    expect(statuses[10]).toBe(429);
  });

  it("counts the account by its normalized e-mail: case and spaces do not open a new window", async () => {
    const email = await newAccount();
    for (let i = 0; i < 10; i++) await login(i % 2 ? email.toUpperCase() : ` ${email} `, "wrong password");
    expect((await login(email, "wrong password")).status).toBe(429);
  });

  it("allows 10 attempts a minute per client address, across accounts", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(`nobody-${i}@example.com`, "whatever", ip)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("is not reset by a forged X-Forwarded-For without TRUST_PROXY", async () => {
    expect(config.trustProxy).toBe(false);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${baseUrl}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.18.0.${i}`, "x-real-ip": `198.18.1.${i}` },
        body: JSON.stringify({ email: `forger-${i}@example.com`, password: "whatever" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("takes the client address from X-Forwarded-For when TRUST_PROXY says a proxy sets it", async () => {
    config.trustProxy = true;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await fetch(`${baseUrl}/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.19.0.${i}, 127.0.0.1` },
          body: JSON.stringify({ email: `proxied-${i}@example.com`, password: "whatever" }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual(Array(12).fill(401));
    } finally {
      config.trustProxy = false;
    }
  });
});

describe("unknown e-mail and wrong password", () => {
  it("answer the same status and message", async () => {
    const { email } = await h.signIn();
    const wrong = await login(email, "not the password");
    const unknown = await login("ghost-user@example.com", "not the password");
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("take similar time (median of 8 each, interleaved; generous bound for a shared machine)", { timeout: 60_000 }, async () => {
    const accounts = [await h.signIn(), await h.signIn()];
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await login(email, "not the password");
      expect(response.status).toBe(401);
      return performance.now() - started;
    };
    for (let i = 0; i < 8; i++) {
      // Two accounts, so the per-account limit (10) is never reached.
      wrongTimes.push(await timed(accounts[i % 2]!.email));
      unknownTimes.push(await timed(`ghost-${i}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [wrong, unknown] = [median(wrongTimes), median(unknownTimes)];
    console.info(`[timing] median wrong password ${wrong.toFixed(1)} ms, unknown e-mail ${unknown.toFixed(1)} ms`);
    // Both verify an argon2id hash; without the dummy hash an unknown e-mail would answer in ~1 ms.
    expect(unknown).toBeGreaterThan(wrong * 0.5);
    expect(unknown).toBeLessThan(wrong * 2);
  });
});

describe("passwords", () => {
  const register = (password: string) =>
    h.request("/auth/register", { method: "POST", json: { email: `pw-${Math.random().toString(36).slice(2)}@example.com`, password }, clientIp: freshIp() });

  it("need at least 8 characters", async () => {
    const short = await register("Xk7#qz!");
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: { field: string; message: string }[] }).errors).toContainEqual({
      field: "password",
      message: "Password must be at least 8 characters.",
    });
    expect((await register("Xk7#qz!w")).status).toBe(200);
  });

  it("are accepted up to at least 64 characters and never truncated", { timeout: 60_000 }, async () => {
    for (const length of [64, 128, 256]) {
      const password = Array.from({ length }, (_, i) => "aZ9-é🙂"[i % 6]).join("").slice(0, length);
      const email = `long-${length}@example.com`;
      const created = await h.request("/auth/register", { method: "POST", json: { email, password }, clientIp: freshIp() });
      expect(created.status, `length ${length}`).toBe(200);
      expect((await login(email, password)).status).toBe(200);
      // A password that differs only after the 72nd byte (bcrypt's cut) or in its last character is refused.
      expect((await login(email, password.slice(0, -1))).status).toBe(401);
      expect((await login(email, `${password.slice(0, -1)}#`)).status).toBe(401);
    }
  });

  it("refuse common passwords", async () => {
    for (const password of ["password123", "qwertyuiop", "12345678"]) {
      const response = await register(password);
      expect(response.status, password).toBe(400);
    }
  });
});
