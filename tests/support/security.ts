// Shared by the security tests: the /api inventory read from the OpenAPI document, a loopback-only network guard,
// naughty inputs, and a snapshot of every table to prove that a request changed nothing.
import net from "node:net";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "#server/db/schema.ts";
import type { Database } from "#server/db/client.ts";
import type { ApiHarness } from "./api-harness";

// ---------------------------------------------------------------- network guard

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(?:\.\d{1,3}){3})$/i;

/**
 * Refuses every outgoing TCP connection that is not to loopback, for the rest of the test file: an endpoint
 * that would call a real outside service (Firebase, mail, image host) fails instead of leaving this machine.
 */
export function allowLoopbackOnly(): () => void {
  const original = net.Socket.prototype.connect;
  const refused: string[] = [];
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (Array.isArray(first) ? first[0] : first) as
      { host?: string; path?: string; port?: number } | number | string;
    let host: string | undefined;
    if (typeof options === "object" && options !== null)
      host = options.path ? "localhost" : (options.host ?? "localhost");
    else if (typeof options === "number") host = typeof args[1] === "string" ? args[1] : "localhost";
    else if (typeof options === "string") host = "localhost"; // a unix socket path
    if (host && !LOOPBACK.test(host)) {
      refused.push(host);
      throw new Error(`Test network guard: connection to ${host} refused (loopback only)`);
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
  return () => {
    net.Socket.prototype.connect = original;
  };
}

// ---------------------------------------------------------------- /api inventory

export interface Operation {
  method: string;
  /** As in the OpenAPI document, e.g. /api/v1/admin/api_keys/{id}. */
  path: string;
  /** For harness.request: without /api, path parameters filled with a well-formed id nobody has. */
  requestPath: string;
  bodySchema: JsonSchema | null;
  queryParameters: string[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  format?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
}

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string }[];
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);

export async function apiOperations(h: ApiHarness): Promise<Operation[]> {
  const response = await h.request("/openapi.json");
  if (response.status !== 200) throw new Error(`/api/openapi.json answered ${response.status}`);
  const doc = (await response.json()) as OpenApiDocument;
  const resolve = (s: JsonSchema | undefined): JsonSchema | null => {
    if (!s) return null;
    if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split("/").pop() ?? ""]);
    return s;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const content = op.requestBody?.content ?? {};
      const bodySchema = resolve((content["application/json"] ?? Object.values(content)[0])?.schema);
      operations.push({
        method: method.toUpperCase(),
        path,
        requestPath: path.replace(/^\/api/, "").replace(/\{[^}]+\}/g, UNKNOWN_ID),
        bodySchema,
        queryParameters: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      });
    }
  }
  return operations;
}

/**
 * Administrator-only by their paths: anything with an /admin/ segment, and /v1/auth/users/… (Firebase
 * user creation). Classified by path, not by what the code declares, so a forgotten guard is caught.
 */
export function isAdminPath(path: string): boolean {
  return /(^|\/)admin(\/|$)/.test(path) || /^\/api\/v1\/auth\/users(\/|$)/.test(path);
}

/** A plausible value for a schema, so that one field at a time can be replaced by a naughty one. */
export function sampleValue(s: JsonSchema | null | undefined, depth = 0): unknown {
  if (!s || depth > 4) return null;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return sampleValue(variants.find((v) => v.type !== "null") ?? variants[0], depth + 1);
  if (s.allOf?.length) return sampleValue(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleValue(v, depth + 1)]));
    case "array":
      return [sampleValue(s.items, depth + 1)];
    case "integer":
    case "number":
      return s.minimum ?? 1;
    case "boolean":
      return true;
    case "string":
      if (s.format === "email") return "someone@example.com";
      if (s.format === "uuid") return UNKNOWN_ID;
      return "x".repeat(Math.max(12, s.minLength ?? 0));
    default:
      return "x";
  }
}

// ---------------------------------------------------------------- naughty inputs

/** Strings that have broken real systems: sizes, control characters, unicode edge cases, injection shapes. */
export const NAUGHTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u0003\u0008\u000b\u000c\u001b[31m\u007f",
  "\r\n\r\nSet-Cookie: injected=1",
  "\ud800",
  "\udfff\ud800",
  "\u202etxt.exe",
  "\ufeff\u200b\u200d\u2028\u2029",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "ﷺ𒐫𝕿𝖍𝖊",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "'; drop table users; --",
  "' or '1'='1",
  "${7*7}{{7*7}}<%= 7*7 %>",
  "../../../../etc/passwd",
  "%00%0d%0a",
  "__proto__",
  "constructor",
  "prototype",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "9".repeat(400),
  "null",
  "undefined",
  "true",
  "{}",
  "[]",
  "x".repeat(100_000),
  "é".repeat(20_000),
];

/** Non-string values for fields that expect strings, and the other way round. */
export const NAUGHTY_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -0,
  [],
  {},
  [[[[[]]]]],
  JSON.parse('{"__proto__":{"polluted":1}}'),
];

/** Raw JSON bodies: prototype pollution keys, deep nesting, duplicate keys, lone surrogates. */
export const NAUGHTY_BODIES: readonly string[] = [
  '{"__proto__":{"polluted":"yes","isSuperuser":true,"roles":["admin"]}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"email":"a@example.com","email":"b@example.com"}',
  "[".repeat(5000) + "]".repeat(5000),
  '{"a":"\\ud800"}',
  "null",
  "0",
  '"string"',
  "[]",
  "{",
  "\u0000",
];

// ---------------------------------------------------------------- database snapshot

/** Columns that a read may legitimately touch: the session's sliding expiry. */
const VOLATILE: Record<string, string[]> = { sessions: ["lastSeenAt", "idleExpiresAt"] };
/** Tables a read may write to on purpose: rate-limit counters. */
const SKIPPED_TABLES = new Set(["rate_limits"]);

/** Every row of every table of the schema, as one comparable string per table. */
export async function snapshotDatabase(db: Database): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const name = getTableName(value);
    if (SKIPPED_TABLES.has(name)) continue;
    const rows = (await db.select().from(value)) as Record<string, unknown>[];
    const volatile = VOLATILE[name] ?? [];
    const cleaned = rows
      .map((row) => JSON.stringify(Object.entries(row).filter(([key]) => !volatile.includes(key))))
      .sort();
    snapshot[name] = cleaned.join("\n");
  }
  return snapshot;
}
