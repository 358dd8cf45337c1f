// Test harness for /api: a fresh database per test file (in-memory PGlite, or a new database on the
// PostgreSQL server named by DATABASE_URL), the real Hono app, and helpers to sign in.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createApiApp, type ApiApp } from "#server/api/app.ts";
import { createUser } from "#server/auth/users.ts";
import { onContentChange } from "#server/content-changes.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { migratedPgliteDump, migrationsDir } from "./pglite-template";

export interface ApiHarness {
  database: DatabaseHandle;
  api: ApiApp;
  /** Calls /api in-process; `path` is under /api, e.g. "/auth/session". */
  request(
    path: string,
    init?: RequestInit & { json?: unknown; token?: string | null; clientIp?: string },
  ): Promise<Response>;
  /** Creates a user (admin or not) and signs in; returns the session token. */
  signIn(options?: {
    admin?: boolean;
    email?: string;
    password?: string;
  }): Promise<{ token: string; userId: string; email: string; password: string }>;
  /** Subscribes to the changes of public content /api announces in this process, as host/app.ts does. */
  onContentChange: typeof onContentChange;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ migrationsDir, pgliteDir: "memory", pgliteDump: await migratedPgliteDump() });
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: testUrl.toString(), migrationsDir });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

let userCounter = 0;

export async function createApiHarness(): Promise<ApiHarness> {
  const database = await openTestDatabase();
  const api = createApiApp({ db: database.db });
  const request: ApiHarness["request"] = async (urlPath, init = {}) => {
    const { json, token, clientIp = "127.0.0.1", ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) {
      headers.set("content-type", "application/json");
      rest.body = JSON.stringify(json);
    }
    if (token) headers.set("authorization", `Bearer ${token}`);
    return api.fetch(new Request(`http://localhost/api${urlPath}`, { ...rest, headers }), { clientIp });
  };
  return {
    database,
    api,
    request,
    onContentChange,
    async signIn(options = {}) {
      userCounter += 1;
      const email = options.email ?? `user${userCounter}-${randomBytes(3).toString("hex")}@example.com`;
      const password = options.password ?? "correct horse battery staple";
      const user = await createUser(database.db, { email, password, isSuperuser: options.admin ?? false });
      if (!user) throw new Error(`could not create ${email}`);
      const response = await request("/auth/login", {
        method: "POST",
        json: { email, password },
        clientIp: `10.0.${userCounter % 250}.1`,
      });
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { sessionToken: string };
      return { token: body.sessionToken, userId: user.id, email, password };
    },
    close: () => database.close(),
  };
}
