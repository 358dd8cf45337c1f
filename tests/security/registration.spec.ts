// Registration when REGISTRATION_OPEN: a sign-up request answers the same for a free and a taken address, and the
// e-mailed link finishes it on /account/login/verify-request, with JavaScript and without. Runs its own server with
// that setting and a real SMTP server on loopback.
import { expect, test } from "../fixtures";
import { ADMIN, startServer, type ServerProcess } from "../faults/support";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

// One server for the whole file: its tests run in one worker, in order.
test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let smtp: TestSmtpServer;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  smtp = await startTestSmtpServer();
  server = await startServer({
    REGISTRATION_OPEN: "1",
    SITE_URL: "http://site.test",
    SMTP_URL: smtp.url,
    MAIL_FROM: "site@example.com",
    OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${smtp.port}`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const register = (email: string) =>
  fetch(`${server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "a long registration passphrase" }),
  });

test("a sign-up answers the same for a taken address; the e-mailed link creates the account and signs in", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = `signup-${javaScriptEnabled ? "js" : "nojs"}@example.com`;
  const taken = await register(ADMIN.email);
  const free = await register(email);
  expect([taken.status, free.status]).toEqual([202, 202]);
  expect(await taken.json()).toEqual(await free.json());

  const mail = await smtp.waitForMail((m) => m.to.includes(email));
  const link = /http:\/\/site\.test(\/account\/login\/verify-request\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  await page.goto(`${server.url}${link}`);
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(`${server.url}/`);
  const session = (await (await page.request.get(`${server.url}/api/auth/session`)).json()) as {
    user: { email: string } | null;
  };
  expect(session.user?.email).toBe(email);
});
