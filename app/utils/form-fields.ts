// Which fields a page action takes, declared once beside it and derived from the zod schema(s) its forms use. The
// host's gate (host/page-form-gate.ts) refuses every other name before React Router, Conform or a body parser
// builds anything from it, so no spelling of a name (brackets, dots, indexes) can make a parser do more work
// than the form it was written for.
import type { z } from "zod";

/** One declared field: a single value, a file, a list of at most `max` entries, or an object of named fields. */
export type FieldRule =
  | { readonly kind: "text" }
  | { readonly kind: "file" }
  | { readonly kind: "list"; readonly max: number; readonly item: FieldRule }
  | { readonly kind: "object"; readonly fields: ReadonlyMap<string, FieldRule> };

/** The fields of one action: the names it reads, each with its rule. */
export interface FormFields {
  readonly root: Extract<FieldRule, { kind: "object" }>;
}

/** A list without a `.max()` of its own takes this many entries; the site's longest list of a form is far shorter. */
export const DEFAULT_LIST_MAX = 100;
/** Nor may a declared length take a list past this. */
const MAX_LIST_MAX = 1_000;

const TEXT: FieldRule = { kind: "text" };
const FILE: FieldRule = { kind: "file" };

/** Names the action reads itself (an `intent` button, an `id`), outside any schema: one text value each. */
export function textFields(...names: string[]): Record<string, FieldRule> {
  return Object.fromEntries(names.map((name) => [name, TEXT]));
}

/** A file input's name: a multipart file part, or the file's name as text when sent urlencoded. */
export function fileField(name: string): Record<string, FieldRule> {
  return { [name]: FILE };
}

type FieldSource = z.ZodType | Record<string, FieldRule>;

/** The union of the fields of `sources`: zod object schemas (what Conform parses) and names declared by hand. */
export function formFields(...sources: FieldSource[]): FormFields {
  let root: FieldRule = { kind: "object", fields: new Map() };
  for (const source of sources) {
    const rule = isZodType(source)
      ? ruleOf(source, 0)
      : ({ kind: "object", fields: new Map(Object.entries(source)) } satisfies FieldRule);
    if (rule === null) continue;
    if (rule.kind !== "object") throw new Error("A form's schema must be an object of fields.");
    root = merge(root, rule);
  }
  return { root: root as FormFields["root"] };
}

const DECLARED = Symbol.for("form-fields");

/**
 * A page action with the fields it takes. The host's gate finds them on the server build's `action` export and
 * refuses a post to an action that declares none (and start-up fails on one), so no action can forget.
 */
export function declaredAction<Action extends (...args: never[]) => unknown>(
  fields: FormFields,
  action: Action,
): Action {
  return Object.assign(action, { [DECLARED]: fields });
}

/** The fields an action was declared with (declaredAction), or undefined. */
export function declaredFieldsOf(action: unknown): FormFields | undefined {
  if (typeof action !== "function") return undefined;
  return (action as { [DECLARED]?: FormFields })[DECLARED];
}

function isZodType(source: FieldSource): source is z.ZodType {
  return typeof source === "object" && source !== null && "_zod" in source;
}

/** Schemas nest a few levels at most; a deeper one is a recursive schema, which a form cannot declare. */
const MAX_SCHEMA_DEPTH = 16;

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  items?: z.ZodType[];
  checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[];
}

/** The posted fields a schema reads, as Conform hands them to it; null where a form posts nothing (a record). */
function ruleOf(schema: z.ZodType, depth: number): FieldRule | null {
  if (depth > MAX_SCHEMA_DEPTH) throw new Error("A form's schema nests too deeply to declare its fields.");
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  switch (def.type) {
    case "object": {
      const fields = new Map<string, FieldRule>();
      for (const [name, field] of Object.entries(def.shape ?? {})) {
        const rule = ruleOf(field, depth + 1);
        if (rule) fields.set(name, rule);
      }
      return { kind: "object", fields };
    }
    case "array": {
      const item = ruleOf(def.element!, depth + 1) ?? TEXT;
      return { kind: "list", max: Math.min(longestLength(def) ?? DEFAULT_LIST_MAX, MAX_LIST_MAX), item };
    }
    case "tuple":
      return { kind: "list", max: def.items?.length ?? 0, item: (def.items ?? []).reduce(mergeRuleOf(depth), TEXT) };
    case "union":
      return (def.options ?? []).map((option) => ruleOf(option, depth + 1)).reduce(mergeNullable, null);
    case "intersection":
      return mergeNullable(ruleOf(def.left!, depth + 1), ruleOf(def.right!, depth + 1));
    case "pipe":
      // z.preprocess and .transform().pipe(): the input side reads the post, unless it is the transform itself.
      return ruleOf(isTransform(def.in!) ? def.out! : def.in!, depth + 1);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return ruleOf(def.innerType!, depth + 1);
    case "file":
      return FILE;
    case "record":
    case "map":
      // Keys chosen by the sender: a form declares none of them, so none is taken.
      return null;
    case "lazy":
      throw new Error("A recursive schema cannot declare a form's fields.");
    default:
      return TEXT;
  }
}

/** A list's `.max(n)` or `.length(n)`, from the checks zod keeps on its definition. */
function longestLength(def: ZodDef): number | undefined {
  const lengths = (def.checks ?? []).flatMap(({ _zod: { def: check } }) =>
    check.check === "max_length" ? [check.maximum!] : check.check === "length_equals" ? [check.length!] : [],
  );
  return lengths.length > 0 ? Math.min(...lengths) : undefined;
}

function isTransform(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def.type === "transform";
}

function mergeRuleOf(depth: number) {
  return (rule: FieldRule, schema: z.ZodType): FieldRule => mergeNullable(rule, ruleOf(schema, depth + 1)) ?? rule;
}

function mergeNullable(a: FieldRule | null, b: FieldRule | null): FieldRule | null {
  if (a === null) return b;
  if (b === null) return a;
  return merge(a, b);
}

/** Two declarations of one name: the larger of each (a list takes a single value too; a file field takes text). */
function merge(a: FieldRule, b: FieldRule): FieldRule {
  if (a.kind === "object" && b.kind === "object") {
    const fields = new Map(a.fields);
    for (const [name, rule] of b.fields) {
      const known = fields.get(name);
      fields.set(name, known ? merge(known, rule) : rule);
    }
    return { kind: "object", fields };
  }
  if (a.kind === "list" && b.kind === "list")
    return { kind: "list", max: Math.max(a.max, b.max), item: merge(a.item, b.item) };
  if (a.kind === "list" && b.kind !== "object") return { ...a, item: merge(a.item, b) };
  if (b.kind === "list" && a.kind !== "object") return { ...b, item: merge(b.item, a) };
  if (a.kind === "file" || b.kind === "file") {
    if (a.kind === "object" || b.kind === "object") throw new Error("A field cannot be both a file and an object.");
    return FILE;
  }
  if (a.kind === "text" && b.kind === "text") return TEXT;
  throw new Error("A field cannot be both a single value and an object of fields.");
}
