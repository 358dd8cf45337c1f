// The parts of an OpenAPI 3.1 document the API documentation page reads, and what it derives from them: the
// operations grouped by tag, and the authentication each needs.

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Parameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaContent {
  schema?: JsonSchema;
}

export interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaContent> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaContent> }>;
  security?: Record<string, string[]>[];
}

interface SecurityScheme {
  type: string;
  name?: string;
  in?: string;
  scheme?: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, SecurityScheme> };
}

/** How a type is set apart from the names and words around it. */
export const TYPE_CLASS = "font-mono text-xs text-violet-800 dark:text-violet-300";

export const HTTP_METHODS = ["get", "put", "post", "patch", "delete", "head", "options"] as const;

export interface OperationEntry {
  method: string;
  path: string;
  operation: Operation;
  /** A fragment id, unique on the page: "get-api-camera-reports". */
  anchor: string;
}

export interface TagGroup {
  tag: string;
  anchor: string;
  operations: OperationEntry[];
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Operations by tag, in the document's order, except that the tags a probe app or a data user looks for (those
 * not for administrators) come before the administrators' ones.
 */
export function operationsByTag(doc: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "other";
      const entries = groups.get(tag) ?? [];
      entries.push({ method, path, operation, anchor: slug(`${method} ${path}`) });
      groups.set(tag, entries);
    }
  }
  const isAdminTag = (tag: string) => tag.startsWith("admin");
  return [...groups]
    .map(([tag, operations]) => ({ tag, anchor: `tag-${slug(tag)}`, operations }))
    .sort((a, b) => Number(isAdminTag(a.tag)) - Number(isAdminTag(b.tag)));
}

/** The schema a $ref names, or the schema itself; an unknown reference stays as it is. */
export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.replace(/^#\/components\/schemas\//, "");
  return (name && doc.components?.schemas?.[name]) || schema;
}

/** The error body every failure answers with: the page describes it once instead of under every status. */
export function isErrorBody(doc: OpenApiDocument, schema: JsonSchema | undefined): boolean {
  const properties = schema ? resolve(doc, schema).properties : undefined;
  return Boolean(properties && Object.keys(properties).sort().join(",") === "detail,errors,status_code");
}

/** How to authenticate for an operation, in words; null when anyone may call it. */
export function authenticationOf(doc: OpenApiDocument, operation: Operation): string[] | null {
  if (operation.security?.length) {
    const ways = operation.security.flatMap((requirement) =>
      Object.keys(requirement).map((name) => {
        const scheme = doc.components?.securitySchemes?.[name];
        if (!scheme) return name;
        if (scheme.type === "apiKey") return `an API key in the ${scheme.name} ${scheme.in}`;
        if (scheme.type === "http" && scheme.scheme === "bearer")
          return scheme.description ?? "a session token as Authorization: Bearer";
        return scheme.description ?? name;
      }),
    );
    return ways.length ? ways : null;
  }
  const statuses = Object.keys(operation.responses ?? {});
  if (statuses.includes("403") && (operation.tags ?? []).some((tag) => tag.startsWith("admin")))
    return ["an administrator's session (Authorization: Bearer <token>, or the session cookie)"];
  if (statuses.includes("401")) return ["a signed-in session (Authorization: Bearer <token>, or the session cookie)"];
  return null;
}

/** "string", "integer | null", "array of string": a schema's type in a few words. */
export function typeLabel(doc: OpenApiDocument, raw: JsonSchema): string {
  const schema = resolve(doc, raw);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (!types.length && variants) return variants.map((variant) => typeLabel(doc, variant)).join(" | ");
  return (
    types
      .map((type) => {
        if (type !== "array") return type;
        if (schema.prefixItems) return `[${schema.prefixItems.map((item) => typeLabel(doc, item)).join(", ")}]`;
        return schema.items ? `array of ${typeLabel(doc, schema.items)}` : "array";
      })
      .join(" | ") || "any"
  );
}

/** The constraints worth a reader's eye: allowed values, lengths, ranges, pattern, format, default. */
export function constraintsOf(raw: JsonSchema, doc: OpenApiDocument): string[] {
  const schema = resolve(doc, raw);
  const notes: string[] = [];
  if (schema.enum) notes.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  if (schema.const !== undefined) notes.push(`always ${JSON.stringify(schema.const)}`);
  if (schema.format) notes.push(schema.format);
  if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) notes.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) notes.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) notes.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}
