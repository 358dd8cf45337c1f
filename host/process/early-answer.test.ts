import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { closeConnectionOnEarlyAnswer } from "./early-answer";

// A Hono app served the way server.ts serves the site: one route refuses before reading the body, one reads it.
const app = new Hono();
app.post("/refuse", (c) => c.json({ detail: "Sign in first." }, 401));
app.post("/read", async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
app.get("/", (c) => c.text("ok"));

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(listener: http.RequestListener): Promise<string> {
  server = http.createServer({ keepAliveTimeout: 5_000 }, listener);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  reusedSocket: boolean;
}

/** One request through an agent that keeps at most one connection alive, the way an app's HTTP client reuses it. */
function send(agent: http.Agent, url: string, method: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body ? { "content-type": "application/octet-stream", "content-length": body.length } : {},
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            connection: response.headers.connection,
            body: text,
            reusedSocket: request.reusedSocket,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("closeConnectionOnEarlyAnswer", () => {
  it("answers before a large body arrived with Connection: close; the client's next request works", async () => {
    const url = await listen(closeConnectionOnEarlyAnswer(getRequestListener(app.fetch)));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (const size of [300 * 1024, 4 * 1024 * 1024]) {
      const refused = await send(agent, `${url}/refuse`, "POST", Buffer.alloc(size, 0x61));
      expect(refused.status).toBe(401);
      expect(refused.connection).toBe("close");
      const next = await send(agent, `${url}/`, "GET");
      expect(next).toMatchObject({ status: 200, body: "ok" });
    }
    agent.destroy();
  });

  it("keeps the connection alive when the body was read", async () => {
    const url = await listen(closeConnectionOnEarlyAnswer(getRequestListener(app.fetch)));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const read = await send(agent, `${url}/read`, "POST", Buffer.alloc(1024 * 1024, 0x61));
    expect(read).toMatchObject({ status: 200, body: JSON.stringify({ bytes: 1024 * 1024 }) });
    expect(read.connection).toBe("keep-alive");
    const next = await send(agent, `${url}/`, "GET");
    expect(next.status).toBe(200);
    expect(next.reusedSocket).toBe(true);
    agent.destroy();
  });
});
