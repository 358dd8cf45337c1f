// Outbound requests (image host, Google OAuth, Firebase, mail) never reach loopback, private, link-local or other
// internal addresses, however the address is written or whatever DNS answers, unless OUTBOUND_ALLOW_HOSTS lists
// the destination; and what an upstream says in its error answers is not passed back.
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp.ts";
import { startOAuthServer, type LocalOAuthServer } from "#tests/support/oauth.ts";

// Names this test resolves itself: DNS answers scripted per name and per call.
const dnsAnswers = new Map<string, Array<Array<{ address: string; family: number }>>>();
const dnsCalls: string[] = [];
vi.mock("node:dns/promises", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:dns/promises")>();
  const lookup = async (hostname: string, options: unknown) => {
    const script = dnsAnswers.get(hostname);
    if (!script) return (original.lookup as (h: string, o: unknown) => Promise<unknown>)(hostname, options);
    dnsCalls.push(hostname);
    return script.length > 1 ? script.shift()! : script[0]!;
  };
  return { ...original, lookup, default: { ...original, lookup } };
});

const { checkedAddress, isSpecialPurposeAddress, OutboundRefusedError, outboundFetch } =
  await import("../lib/outbound");
const { createSmtpTransport, MailDeliveryError } = await import("../services/mail");
const { createFirebaseUser } = await import("../services/firebase");

let h: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness["signIn"]>>;
const servers: ServerType[] = [];
const envBefore = { ...process.env };
/** Requests that reached the local upstream, and connections to its port (a refused destination has none). */
let hits = 0;
let connections = 0;
let upstreamPort = 0;
let upstream: string;

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn({ admin: true });
  const app = new Hono();
  app.all("*", (c) => {
    hits += 1;
    return c.json({ detail: "internal secret leaked" }, 500);
  });
  upstream = await new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      upstreamPort = info.port;
      resolve(`http://127.0.0.1:${info.port}`);
    });
    server.on("connection", () => (connections += 1));
    servers.push(server);
  });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await h.close();
});
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  Object.assign(process.env, envBefore);
  dnsAnswers.clear();
  dnsCalls.length = 0;
});

function noAllowList() {
  process.env.OUTBOUND_ALLOW_HOSTS = "";
}

const flux = (host: string) =>
  h.request("/v1/admin/img_gen/flux", {
    method: "POST",
    token: admin.token,
    json: { host, api_key: "k", prompt: "a cat" },
  });

describe("special-purpose addresses", () => {
  it("are every loopback, private, link-local, unspecified, mapped and reserved form, IPv4 and IPv6", () => {
    const internal = [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::127.0.0.1",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::1",
      "2001:db8::1",
      "not an address",
    ];
    expect(internal.filter((address) => !isSpecialPurposeAddress(address))).toEqual([]);
    const external = ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "2a00:1450:4001::1"];
    expect(external.filter((address) => isSpecialPurposeAddress(address))).toEqual([]);
  });
});

describe("the image host", () => {
  it("is never aimed at an internal address, whatever its spelling, and the upstream is never reached", async () => {
    noAllowList();
    dnsAnswers.set("internal.test", [[{ address: "127.0.0.1", family: 4 }]]);
    dnsAnswers.set("mixed.test", [
      [
        { address: "93.184.216.34", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    ]);
    const port = upstreamPort;
    const hosts = [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://2130706433:${port}`,
      `http://0x7f.1:${port}`,
      `http://0.0.0.0:${port}`,
      `http://[::1]:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      "http://169.254.169.254/latest/meta-data",
      `http://internal.test:${port}`,
      `http://mixed.test:${port}`,
    ];
    const before = connections;
    // The host is the administrator's input, not an outside service's failure: 422, with the reason on the field.
    for (const host of hosts) {
      const response = await flux(host);
      expect(response.status, host).toBe(422);
      const body = await response.json();
      expect(body.detail, host).toMatch(/^The image host is not called: .* OUTBOUND_ALLOW_HOSTS\.$/);
      expect(body.errors, host).toEqual([{ field: "host", message: body.detail }]);
    }
    expect(connections - before).toBe(0);
    expect(hits).toBe(0);
  });

  it("reaches a destination OUTBOUND_ALLOW_HOSTS lists, and never passes the upstream's words back", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${upstreamPort}`;
    const response = await flux(upstream);
    expect(response.status).toBe(502);
    const { detail } = await response.json();
    expect(detail).toBe("The image host answered HTTP 500.");
    expect(hits).toBeGreaterThan(0);
    // Another port of the same address is not allowed by that entry.
    expect((await (await flux("http://127.0.0.1:9")).json()).detail).toMatch(/^The image host is not called/);
  });

  it("says the same for a closed port and a port that hangs up, so it does not scan ports", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    const hangUp = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangUp.listen(0, "127.0.0.1", resolve));
    const openPort = (hangUp.address() as AddressInfo).port;
    try {
      const closed = (await (await flux("http://127.0.0.1:9")).json()).detail;
      const open = (await (await flux(`http://127.0.0.1:${openPort}`)).json()).detail;
      expect(closed).toBe("The image host at http://127.0.0.1:9 could not be reached.");
      expect(open).toBe(`The image host at http://127.0.0.1:${openPort} could not be reached.`);
    } finally {
      await new Promise((resolve) => hangUp.close(resolve));
    }
  });
});

describe("DNS", () => {
  it("is asked once, and the connection goes to the address that was checked (no rebinding)", async () => {
    // Allowed by name: the first answer is the local upstream; any later answer would be an address nothing listens on.
    process.env.OUTBOUND_ALLOW_HOSTS = "rebind.test";
    dnsAnswers.set("rebind.test", [[{ address: "127.0.0.1", family: 4 }], [{ address: "127.0.0.2", family: 4 }]]);
    const before = hits;
    const response = await outboundFetch(`http://rebind.test:${upstreamPort}/x`);
    expect(response.status).toBe(500);
    await response.body?.cancel();
    expect(hits).toBe(before + 1);
    expect(dnsCalls).toEqual(["rebind.test"]);
  });

  it("refuses a name whose every or any answer is internal", async () => {
    noAllowList();
    dnsAnswers.set("metadata.test", [[{ address: "169.254.169.254", family: 4 }]]);
    dnsAnswers.set("v6.test", [[{ address: "::ffff:10.0.0.1", family: 6 }]]);
    await expect(checkedAddress("metadata.test", 80)).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(checkedAddress("v6.test", 80)).rejects.toBeInstanceOf(OutboundRefusedError);
    dnsAnswers.set("public.test", [[{ address: "93.184.216.34", family: 4 }]]);
    expect(await checkedAddress("public.test", 80)).toEqual({ address: "93.184.216.34", family: 4 });
  });
});

describe("mail, OAuth and Firebase", () => {
  let smtp: TestSmtpServer;
  let oauth: LocalOAuthServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    oauth = await startOAuthServer({ email: "x@example.com" });
  });
  afterAll(async () => {
    await smtp.stop();
    await oauth.stop();
  });

  it("mail is not sent to an internal SMTP server unless allowed", async () => {
    noAllowList();
    const transport = createSmtpTransport(smtp.url, { from: "site@example.com", timeoutMs: 2_000 });
    const refused = transport.send({ to: "a@example.com", subject: "s", text: "t" });
    await expect(refused).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(refused).rejects.toThrow(/OUTBOUND_ALLOW_HOSTS/);
    expect(smtp.received).toHaveLength(0);
    process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${smtp.port}`;
    await transport.send({ to: "a@example.com", subject: "s", text: "t" });
    expect(smtp.received).toHaveLength(1);
  });

  it("the OAuth token endpoint is not called on an internal address unless allowed", async () => {
    noAllowList();
    Object.assign(process.env, oauth.env);
    const start = await h.request(
      `/v1/admin/gmail/connect/start?redirect_uri=${encodeURIComponent("http://localhost/auth/admin/gmail/connect")}`,
      {
        token: admin.token,
      },
    );
    const { authorization_url, flow_token } = (await start.json()) as { authorization_url: string; flow_token: string };
    const back = new URL((await fetch(authorization_url, { redirect: "manual" })).headers.get("location")!);
    const tokenRequests = oauth.tokenRequests.length;
    const response = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { code: back.searchParams.get("code"), state: back.searchParams.get("state"), flow_token },
    });
    expect(response.status).toBe(502);
    expect((await response.json()).detail).toMatch(/^Google's token endpoint is not called: .*OUTBOUND_ALLOW_HOSTS/);
    expect(oauth.tokenRequests.length).toBe(tokenRequests);
  });

  it("Firebase (its emulator on loopback) is not called unless allowed", async () => {
    noAllowList();
    // firebase-admin reads the emulator's address from the environment itself.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${upstreamPort}`;
    const before = connections;
    const refused = createFirebaseUser(
      { email: "f@example.com", name: null, emailVerified: false },
      { projectId: "outbound-test", authEmulatorHost: `127.0.0.1:${upstreamPort}` },
      2_000,
    );
    await expect(refused).rejects.toThrow(/^Firebase is not called: .*OUTBOUND_ALLOW_HOSTS/);
    expect(connections).toBe(before);
  });
});
