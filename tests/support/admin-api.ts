// Helpers of the admin /api tests: a file's harness with an administrator, JSON calls, a whole-database search
// for secrets, fake outside services on loopback, and the environment put back after each test.
import { serve, type ServerType } from "@hono/node-server";
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Database } from "#server/db/client.ts";
import { createApiHarness, type ApiHarness } from "./api-harness";

/** One call with its status and parsed body (undefined when empty). */
export async function callJson(h: ApiHarness, method: string, path: string, token: string | null, json?: unknown) {
  const response = await h.request(path, { method, token, json });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * The test file's own API harness, made before its first test and closed after its last, with an administrator's
 * token (and a plain user's with `{ user: true }`) and `call`, a JSON call with a given token. Read the fields inside
 * tests and hooks: they are set once the file's `beforeAll` has run.
 */
export function adminApiFile(options: { user?: boolean } = {}) {
  let userToken: string | null = null;
  const file = {
    h: undefined as unknown as ApiHarness,
    admin: "",
    /** Read without `{ user: true }`, it fails the test rather than send no token (an anonymous call). */
    get user(): string {
      if (userToken === null) throw new Error("no plain user: adminApiFile({ user: true }) signs one in");
      return userToken;
    },
    call: (method: string, path: string, token: string | null, json?: unknown) =>
      callJson(file.h, method, path, token, json),
  };
  beforeAll(async () => {
    file.h = await createApiHarness();
    file.admin = (await file.h.signIn({ admin: true })).token;
    if (options.user) userToken = (await file.h.signIn()).token;
  });
  afterAll(async () => {
    await file.h.close();
  });
  return file;
}

export async function readJson(response: Response) {
  return (await response.json()) as Record<string, any>;
}

/** Every row of every table as text: a secret must never appear in it. */
export async function wholeDatabaseText(db: Database): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  let text = "";
  for (const { table_name } of tables.rows) {
    const rows = (await db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`),
    )) as unknown as {
      rows: { row: string }[];
    };
    text += rows.rows.map((r) => r.row).join("\n");
  }
  return text;
}

/** Serves apps on loopback ports for the test file and closes them after it; listen answers the base URL. */
export function loopbackServers() {
  const servers: ServerType[] = [];
  afterAll(async () => {
    // A server still holding a request it never answers (a silent outside service) would keep close() waiting.
    for (const server of servers) (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  return {
    listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<string> {
      return new Promise((resolve) => {
        const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
          resolve(`http://127.0.0.1:${info.port}`),
        );
        servers.push(server);
      });
    },
  };
}

/** Tests set outside services' settings in process.env; each test starts from the environment the file had. */
export function restoreEnvironmentAfterEach(): void {
  const envBefore = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
    Object.assign(process.env, envBefore);
  });
}
