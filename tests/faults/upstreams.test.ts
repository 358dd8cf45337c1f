// Faults upstream: the API backend (API_URL), the mail server and the image host hang or refuse. Each page or
// endpoint answers within its time-out plus a second, with a message that says what failed.
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, test } from "node:test";
import { ADMIN, freePort, startServer, timedFetch } from "./support.ts";

/** Accepts connections and never answers: the worst kind of upstream. */
let hanging: net.Server;
let hangingPort: number;
const held: net.Socket[] = [];
before(async () => {
  hanging = net.createServer((socket) => {
    held.push(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  hangingPort = (hanging.address() as net.AddressInfo).port;
});
after(() => {
  for (const socket of held) socket.destroy();
  hanging.close();
});

// The report list asks for the public site vars (3 s time-out) and the reports (10 s) at the same time: the root
// middleware starts the first before the page's own calls. Its budget is the longer time-out, 10 s.
const REPORT_LIST_BUDGET_MS = 10_000;

test("API_URL hanging: the page answers within its time-outs + 1 s, clearly; refused: at once", async () => {
  const server = await startServer({ API_URL: `http://127.0.0.1:${hangingPort}/api` });
  try {
    const page = await timedFetch(`${server.url}/camera2/report_list`, {}, 20_000);
    console.info(`[upstream] API_URL hanging: ${page.status} after ${page.ms.toFixed(0)} ms`);
    assert.ok(page.ms < REPORT_LIST_BUDGET_MS + 1_000, `answered after ${page.ms.toFixed(0)} ms`);
    assert.equal(page.status, 503);
    assert.match(page.body, /did not answer in time/);
  } finally {
    await server.stop();
  }
  const closedPort = await freePort();
  const refusedServer = await startServer({ API_URL: `http://127.0.0.1:${closedPort}/api` });
  try {
    const page = await timedFetch(`${refusedServer.url}/camera2/report_list`, {}, 20_000);
    assert.ok(page.ms < 2_000, `answered after ${page.ms.toFixed(0)} ms`);
    assert.ok(page.status >= 500 && page.status < 600 && page.status !== 500, `status ${page.status}`);
    assert.match(page.body, /fetch failed|ECONNREFUSED|unavailable|could not be reached/i);
  } finally {
    await refusedServer.stop();
  }
});

async function adminToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as { sessionToken: string }).sessionToken;
}

test("mail server and image host hanging: the admin call answers within its time-out + 1 s, saying which", async () => {
  const server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${hangingPort}`,
    MAIL_FROM: "site@example.com",
    OWNER_EMAIL: "owner@example.com",
    INTEGRATION_TIMEOUT_MS: "3000",
    IMAGE_HOST_URL: `http://127.0.0.1:${hangingPort}`,
    IMAGE_HOST_API_KEY: "fault-test-key",
    IMAGE_HOST_TIMEOUT_MS: "3000",
    // The hanging servers listen on loopback, which outbound requests refuse unless allowed.
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
  });
  try {
    const token = await adminToken(server.url);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const mail = await timedFetch(
      `${server.url}/api/v1/admin/site/email/test`,
      { method: "POST", headers, body: JSON.stringify({ to: "someone@example.com" }) },
      20_000,
    );
    console.info(`[upstream] SMTP hanging: ${mail.status} after ${mail.ms.toFixed(0)} ms: ${mail.body.slice(0, 160)}`);
    assert.ok(mail.ms < 3_000 + 1_000, `mail answered after ${mail.ms.toFixed(0)} ms`);
    assert.ok([502, 503, 504].includes(mail.status), `mail status ${mail.status}`);
    assert.match(JSON.parse(mail.body).detail, /did not answer|time/i);

    const images = await timedFetch(`${server.url}/api/v1/admin/img_gen/history`, { headers }, 20_000);
    console.info(
      `[upstream] image host hanging: ${images.status} after ${images.ms.toFixed(0)} ms: ${images.body.slice(0, 160)}`,
    );
    assert.ok(images.ms < 3_000 + 1_000, `image host answered after ${images.ms.toFixed(0)} ms`);
    assert.ok([502, 503, 504].includes(images.status), `image host status ${images.status}`);
    assert.match(JSON.parse(images.body).detail, /image host/i);
  } finally {
    await server.stop();
  }
});
