import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#server/config.ts";
import { mailConnections } from "#server/db/schema.ts";
import { decryptSecret } from "#server/lib/crypto.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { readJson, restoreEnvironmentAfterEach, wholeDatabaseText } from "#tests/support/admin-api.ts";
import { startOAuthServer, type LocalOAuthServer } from "#tests/support/oauth.ts";
import { startTestSmtpServer } from "#tests/support/smtp.ts";

let h: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness["signIn"]>>;

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn({ admin: true });
});
afterAll(async () => {
  await h.close();
});
restoreEnvironmentAfterEach();

describe("mail sender: Gmail OAuth flow", () => {
  let oauth: LocalOAuthServer;
  beforeAll(async () => {
    oauth = await startOAuthServer({ email: "Sender@Example.com" });
  });
  afterAll(async () => {
    await oauth.stop();
  });

  async function start(token = admin.token) {
    const redirectUri = encodeURIComponent("http://localhost:3000/auth/admin/gmail/connect");
    const response = await h.request(`/v1/admin/gmail/connect/start?redirect_uri=${redirectUri}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await readJson(response)) as { authorization_url: string; flow_token: string };
  }

  /** What the browser does at Google: the mock signs in at once and redirects back with code and state. */
  async function authorize(url: string) {
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("location")!);
    expect(back.pathname).toBe("/auth/admin/gmail/connect");
    return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
  }

  it("says clearly when Google is not configured", async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    const response = await h.request(
      `/v1/admin/gmail/connect/start?redirect_uri=${encodeURIComponent("http://localhost/auth/admin/gmail/connect")}`,
      { token: admin.token },
    );
    expect(response.status).toBe(503);
    expect((await readJson(response)).detail).toBe(
      "Gmail connection is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.",
    );
  });

  it("connects an account with PKCE and stores its refresh token encrypted", async () => {
    Object.assign(process.env, oauth.env);
    const { authorization_url, flow_token } = await start();
    const url = new URL(authorization_url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "local-client-id",
      response_type: "code",
      code_challenge_method: "S256",
      access_type: "offline",
      scope: "openid email https://mail.google.com/",
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const { code, state } = await authorize(authorization_url);
    const response = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { code, state, flow_token },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { session } = await readJson(response);
    expect(session).toMatchObject({ email: "sender@example.com", userId: admin.userId, last_login_ip: "127.0.0.1" });
    expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now());
    // The token request carried the PKCE verifier and the client secret; the mock checked the verifier.
    const tokenRequest = oauth.tokenRequests.at(-1)!;
    expect(tokenRequest).toMatchObject({
      grant_type: "authorization_code",
      client_secret: "local-client-secret",
      code,
    });
    expect(String(tokenRequest.code_verifier)).toMatch(/^[\w-]{64}$/);
    const [row] = await h.database.db.select().from(mailConnections).where(eq(mailConnections.id, session.id));
    const refreshToken = decryptSecret(row!.refreshTokenEncrypted);
    expect(refreshToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(await wholeDatabaseText(h.database.db)).not.toContain(refreshToken);

    const config = await readJson(await h.request("/v1/admin/site/email/config", { token: admin.token }));
    expect(config).toMatchObject({ email_sender: "sender@example.com", gmail_configured: true });
    expect(config.sessions_list).toEqual([session]);

    // Connecting the same account again replaces it.
    const second = await start();
    const again = await authorize(second.authorization_url);
    await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { ...again, flow_token: second.flow_token },
    });
    expect(
      (await readJson(await h.request("/v1/admin/site/email/config", { token: admin.token }))).sessions_list,
    ).toHaveLength(1);

    expect(
      await readJson(
        await h.request(`/v1/admin/gmail/connect/${session.id}`, { method: "DELETE", token: admin.token }),
      ),
    ).toEqual({ number: 1, hold_id: expect.any(String) });
    expect(await readJson(await h.request("/v1/admin/site/email/config", { token: admin.token }))).toMatchObject({
      sessions_list: [],
      email_sender: null,
    });
  });

  it("refuses a forged state, another admin's flow, a tampered flow token and a foreign redirect URI", async () => {
    Object.assign(process.env, oauth.env);
    const { authorization_url, flow_token } = await start();
    const { code, state } = await authorize(authorization_url);
    const forged = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { code, state: state + "x", flow_token },
    });
    expect(forged.status).toBe(400);
    const other = await h.signIn({ admin: true });
    const stolen = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: other.token,
      json: { code, state, flow_token },
    });
    expect(stolen.status).toBe(400);
    const tampered = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { code, state, flow_token: flow_token.slice(0, -2) + "AA" },
    });
    expect(tampered.status).toBe(400);
    expect((await readJson(tampered)).detail).toMatch(/not valid or has expired/);
    const foreign = await h.request(
      `/v1/admin/gmail/connect/start?redirect_uri=${encodeURIComponent("https://evil.example/steal")}`,
      { token: admin.token },
    );
    expect(foreign.status).toBe(400);
  });

  it("checks the flow's state before it reads Google's error, and words the error itself", async () => {
    Object.assign(process.env, oauth.env);
    const { authorization_url, flow_token } = await start();
    const state = new URL(authorization_url).searchParams.get("state")!;
    const callback = (json: Record<string, unknown>) =>
      h.request("/v1/admin/gmail/connect/callback", { method: "POST", token: admin.token, json });

    const tokenRequestsBefore = oauth.tokenRequests.length;
    const forged = await callback({ error: "access_denied", state: `${state}x`, flow_token });
    expect(forged.status).toBe(400);
    expect((await readJson(forged)).detail).toMatch(/not valid or has expired/);

    const denied = await callback({ error: "access_denied", state, flow_token });
    expect(denied.status).toBe(502);
    expect((await readJson(denied)).detail).toBe(
      "Google refused the connection: the account's owner declined access. Nothing was connected.",
    );
    const unknown = await callback({ error: "<b>call evil.example</b>", state, flow_token });
    expect((await readJson(unknown)).detail).toBe(
      "Google refused the connection with an error this site does not know. Try again.",
    );
    // A refusal never reaches the token endpoint.
    expect(oauth.tokenRequests).toHaveLength(tokenRequestsBefore);

    for (const body of [
      { state, flow_token },
      { code: "c", error: "access_denied", state, flow_token },
    ]) {
      const answer = await callback(body);
      expect(answer.status).toBe(400);
      expect((await readJson(answer)).detail).toBe("code: Send either code or error.");
    }
  });

  it("reports a refusal at the token endpoint and an account without e-mail", async () => {
    Object.assign(process.env, oauth.env);
    const first = await start();
    const firstCode = await authorize(first.authorization_url);
    oauth.server.service.once("beforeResponse", (response: { body: unknown; statusCode: number }) => {
      response.body = { error: "invalid_grant", error_description: "Bad code" };
      response.statusCode = 400;
    });
    const refused = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { ...firstCode, flow_token: first.flow_token },
    });
    expect(refused.status).toBe(502);
    expect((await readJson(refused)).detail).toBe("Google refused the token request (invalid_grant: Bad code).");
    oauth.setEmail(null);
    const second = await start();
    const secondCode = await authorize(second.authorization_url);
    const noEmail = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: { ...secondCode, flow_token: second.flow_token },
    });
    expect(noEmail.status).toBe(502);
    expect((await readJson(noEmail)).detail).toMatch(/did not share the account's e-mail/);
    oauth.setEmail("sender@example.com");
  });
});

describe("sending mail", () => {
  let oauth: LocalOAuthServer;
  beforeAll(async () => {
    oauth = await startOAuthServer({ email: "gmail-sender@example.com" });
  });
  afterAll(async () => {
    await oauth.stop();
  });

  it("sends the test mail through SMTP_URL to the administrator", async () => {
    const smtp = await startTestSmtpServer();
    const saved = { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom };
    Object.assign(config, { smtpUrl: smtp.url, mailFrom: "site@example.com" });
    try {
      await h.database.db.delete(mailConnections);
      const response = await h.request("/v1/admin/site/email/test", { method: "POST", token: admin.token, json: {} });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await readJson(response)).toEqual({ ok: true, to: admin.email, transport: `SMTP 127.0.0.1:${smtp.port}` });
      const mail = await smtp.waitForMail((m) => m.to.includes(admin.email));
      expect(mail.subject).toMatch(/test mail$/);
      expect(mail.from).toBe("site@example.com");
      smtp.rejectMail(true);
      const refused = await h.request("/v1/admin/site/email/test", {
        method: "POST",
        token: admin.token,
        json: { to: "x@example.com" },
      });
      expect(refused.status).toBe(502);
      expect((await readJson(refused)).detail).toMatch(/^Sending through SMTP 127\.0\.0\.1:\d+ failed/);
    } finally {
      Object.assign(config, saved);
      await smtp.stop();
    }
  });

  it("says clearly when no mail transport is configured", async () => {
    const saved = { smtpUrl: config.smtpUrl };
    Object.assign(config, { smtpUrl: undefined });
    try {
      await h.database.db.delete(mailConnections);
      const response = await h.request("/v1/admin/site/email/test", {
        method: "POST",
        token: admin.token,
        json: { to: "x@example.com" },
      });
      expect(response.status).toBe(503);
      expect((await readJson(response)).detail).toMatch(/^Mail is not configured/);
      const bad = await h.request("/v1/admin/site/email/test", {
        method: "POST",
        token: admin.token,
        json: { to: "not an address" },
      });
      expect(bad.status).toBe(400);
    } finally {
      Object.assign(config, saved);
    }
  });

  it("sends as the connected Gmail account with XOAUTH2, trading the refresh token for an access token", async () => {
    Object.assign(process.env, oauth.env);
    await h.database.db.delete(mailConnections);
    // Connect an account through the local OAuth server, as the browser flow does.
    const start = await readJson(
      await h.request(
        `/v1/admin/gmail/connect/start?redirect_uri=${encodeURIComponent("http://localhost/auth/admin/gmail/connect")}`,
        { token: admin.token },
      ),
    );
    const back = new URL((await fetch(start.authorization_url, { redirect: "manual" })).headers.get("location")!);
    const connected = await h.request("/v1/admin/gmail/connect/callback", {
      method: "POST",
      token: admin.token,
      json: {
        code: back.searchParams.get("code"),
        state: back.searchParams.get("state"),
        flow_token: start.flow_token,
      },
    });
    expect(connected.status, await connected.clone().text()).toBe(200);

    const logins: { username: string; accessToken: string | undefined }[] = [];
    const received: { from: string | null; to: string[] }[] = [];
    const gmail = new SMTPServer({
      authMethods: ["XOAUTH2"],
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username ?? "", accessToken: auth.accessToken });
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => gmail.listen(0, "127.0.0.1", () => resolve()));
    process.env.GMAIL_SMTP_URL = `smtp://127.0.0.1:${(gmail.server.address() as AddressInfo).port}`;
    try {
      const refreshes = oauth.tokenRequests.length;
      const response = await h.request("/v1/admin/site/email/test", {
        method: "POST",
        token: admin.token,
        json: { to: "someone@example.com" },
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect((await readJson(response)).transport).toBe("Gmail as gmail-sender@example.com (connected account)");
      expect(received).toEqual([{ from: "gmail-sender@example.com", to: ["someone@example.com"] }]);
      expect(logins).toEqual([{ username: "gmail-sender@example.com", accessToken: expect.stringMatching(/^ey/) }]);
      expect(oauth.tokenRequests.slice(refreshes)).toEqual([
        expect.objectContaining({ grant_type: "refresh_token", client_id: "local-client-id" }),
      ]);
    } finally {
      await new Promise<void>((resolve) => gmail.close(() => resolve()));
    }
  });
});
