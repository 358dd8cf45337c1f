// Sign-in: throttling that counts failures only (per address, per (account, address), and a slowdown for an account
// under attack that still lets its owner in), the client address behind TRUST_PROXY hops, one message and similar
// timing for an unknown e-mail and a wrong password, and the password rules (8 characters at least, 64 and more
// accepted and never truncated).
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users";
import { config } from "../config";
import { clearRateLimit } from "../lib/rate-limit";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { openRegistration, type OpenRegistration } from "#tests/support/registration.ts";

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

describe("sign-in throttling", () => {
  const RIGHT = "correct horse battery staple";

  it("never counts a successful sign-in", async () => {
    const email = await newAccount();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await login(email, RIGHT, ip)).status);
    expect(statuses).toEqual(Array(15).fill(200));
    // The address's failure budget is whole after all those successes.
    for (let i = 0; i < 10; i++) expect((await login(`nobody-${i}@example.com`, "whatever", ip)).status).toBe(401);
  });

  it("allows 10 failures per (account, address), then refuses the right password there, not elsewhere", async () => {
    const email = await newAccount();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(email, `wrong password ${i}`, ip)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const refused = await login(email, RIGHT, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/Too many sign-in attempts/);
    // The owner, from another address, signs in.
    expect((await login(email, RIGHT)).status).toBe(200);
  });

  it("forgets an (account, address) pair's failures once the right password comes from it", async () => {
    const email = await newAccount();
    const ip = freshIp();
    for (let i = 0; i < 9; i++) expect((await login(email, "wrong password", ip)).status).toBe(401);
    expect((await login(email, RIGHT, ip)).status).toBe(200);
    // A minute passes: the address's own one-minute window closes, the pair's 15 minutes do not.
    await clearRateLimit(h.database.db, `login:ip:${ip}`);
    for (let i = 0; i < 9; i++) expect((await login(email, "wrong password", ip)).status).toBe(401);
  });

  it("slows an account attacked from many addresses to 2 failures per address; its owner still gets in", async () => {
    const email = await newAccount();
    // 20 failures from 20 addresses, the e-mail written differently each time: one account.
    for (let i = 0; i < 20; i++)
      expect((await login(i % 2 ? email.toUpperCase() : ` ${email} `, "wrong password")).status).toBe(401);
    const attacker = freshIp();
    expect((await login(email, "wrong password", attacker)).status).toBe(401);
    expect((await login(email, "wrong password", attacker)).status).toBe(401);
    expect((await login(email, "wrong password", attacker)).status).toBe(429);
    expect((await login(email, RIGHT, attacker)).status).toBe(429);
    // The owner's address has not failed: the right password gets through, a first typo does too.
    const owner = freshIp();
    expect((await login(email, "typo", owner)).status).toBe(401);
    expect((await login(` ${email.toUpperCase()}`, RIGHT, owner)).status).toBe(200);
  });

  it("does not slow an account down for fewer failures than it takes to be under attack", async () => {
    const email = await newAccount();
    for (let i = 0; i < 10; i++) expect((await login(email, "wrong password")).status).toBe(401);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await login(email, "wrong password", ip)).status, `failure ${i + 1} from one address`).toBe(401);
  });

  it("counts the account by its normalized e-mail: case and spaces do not open a new window", async () => {
    const email = await newAccount();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await login(i % 2 ? email.toUpperCase() : ` ${email} `, "wrong password", ip);
    expect((await login(email, "wrong password", ip)).status).toBe(429);
  });

  it("allows 10 failures a minute per client address, across accounts", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(`nobody-${i}@example.com`, "whatever", ip)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("is not reset by a forged X-Forwarded-For without TRUST_PROXY", async () => {
    expect(config.trustProxy).toBe(0);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${baseUrl}/auth/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `198.18.0.${i}`,
          "x-real-ip": `198.18.1.${i}`,
        },
        body: JSON.stringify({ email: `forger-${i}@example.com`, password: "whatever" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  /** 12 failed sign-ins over the socket with the given X-Forwarded-For per attempt, under TRUST_PROXY=hops. */
  async function behindProxy(hops: number, forwardedFor: (i: number) => string) {
    config.trustProxy = hops;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await fetch(`${baseUrl}/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor(i) },
          body: JSON.stringify({ email: `proxied-${hops}-${ipCounter}-${i}@example.com`, password: "whatever" }),
        });
        statuses.push(response.status);
      }
      ipCounter++;
      return statuses;
    } finally {
      config.trustProxy = 0;
    }
  }

  it("with TRUST_PROXY=1 takes the right-most X-Forwarded-For entry, whatever the client wrote before it", async () => {
    expect(await behindProxy(1, (i) => `198.19.0.${i}, 198.19.9.${ipCounter}`)).toEqual([
      ...Array(10).fill(401),
      429,
      429,
    ]);
    expect(await behindProxy(1, (i) => `198.19.1.${i}`)).toEqual(Array(12).fill(401));
  });

  it("with TRUST_PROXY=2 skips the inner proxy's entry and takes the one before it", async () => {
    expect(await behindProxy(2, (i) => `198.19.2.${i}, 198.19.8.${ipCounter}, 10.0.0.2`)).toEqual([
      ...Array(10).fill(401),
      429,
      429,
    ]);
    expect(await behindProxy(2, (i) => `1.1.1.1, 198.19.3.${i}, 10.0.0.2`)).toEqual(Array(12).fill(401));
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

  it(
    "take similar time (median of 8 each, interleaved; generous bound for a shared machine)",
    { timeout: 60_000 },
    async () => {
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
    },
  );
});

describe("passwords", () => {
  let registration: OpenRegistration;
  beforeAll(async () => {
    registration = await openRegistration();
  });
  afterAll(async () => {
    await registration.close();
  });

  const register = (password: string, email = `pw-${Math.random().toString(36).slice(2)}@example.com`) =>
    h.request("/auth/register", { method: "POST", json: { email, password }, clientIp: freshIp() });

  it("need at least 8 characters", async () => {
    const short = await register("Xk7#qz!");
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: { field: string; message: string }[] }).errors).toContainEqual({
      field: "password",
      message: "Password must be at least 8 characters.",
    });
    expect((await register("Xk7#qz!w")).status).toBe(202);
  });

  it("are accepted up to at least 64 characters and never truncated", { timeout: 60_000 }, async () => {
    for (const length of [64, 128, 256]) {
      const password = Array.from({ length }, (_, i) => "aZ9-é🙂"[i % 6])
        .join("")
        .slice(0, length);
      const email = `long-${length}@example.com`;
      const created = await register(password, email);
      expect(created.status, `length ${length}`).toBe(202);
      const token = await registration.linkToken(email);
      expect((await h.request("/auth/register/finish", { method: "POST", json: { token } })).status).toBe(200);
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
