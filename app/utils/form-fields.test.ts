import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_LIST_MAX, declaredAction, declaredFieldsOf, fileField, formFields, textFields } from "./form-fields";

/** The declaration as plain data, for comparing. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, entry) => (entry instanceof Map ? Object.fromEntries(entry) : entry)));
}

describe("formFields", () => {
  it("reads a form's fields from its zod schema, as Conform hands the post to it", () => {
    const schema = z.object({
      email: z.email(),
      age: z.coerce.number().int().optional(),
      tags: z.array(z.uuid()).max(5).default([]),
      pair: z.array(z.string()).length(2),
      prompt: z.union([z.string(), z.array(z.string()).max(8)]).transform((value) => [value].flat()),
      cleaned: z.preprocess((value) => value, z.string()),
      address: z.object({ city: z.string() }).nullable(),
      rows: z.array(z.object({ name: z.string() })),
      echo: z.union([z.string(), z.record(z.string(), z.unknown())]),
      upload: z.file().optional(),
    });
    expect(plain(formFields(schema, textFields("intent"), fileField("file")).root.fields)).toEqual({
      email: { kind: "text" },
      age: { kind: "text" },
      tags: { kind: "list", max: 5, item: { kind: "text" } },
      pair: { kind: "list", max: 2, item: { kind: "text" } },
      prompt: { kind: "list", max: 8, item: { kind: "text" } },
      cleaned: { kind: "text" },
      address: { kind: "object", fields: { city: { kind: "text" } } },
      rows: { kind: "list", max: DEFAULT_LIST_MAX, item: { kind: "object", fields: { name: { kind: "text" } } } },
      // A record's keys are the sender's: none is declared, so only the text form of the field is taken.
      echo: { kind: "text" },
      upload: { kind: "file" },
      intent: { kind: "text" },
      file: { kind: "file" },
    });
  });

  it("joins the schemas of an action's forms, and refuses what no form can declare", () => {
    const joined = formFields(z.object({ a: z.string() }), z.object({ a: z.array(z.string()).max(3), b: z.string() }));
    expect(plain(joined.root.fields)).toEqual({
      a: { kind: "list", max: 3, item: { kind: "text" } },
      b: { kind: "text" },
    });
    type Tree = { children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(tree) }));
    expect(() => formFields(z.object({ tree }))).toThrow(/recursive/);
    expect(() => formFields(z.object({ a: z.string() }), z.object({ a: z.object({ b: z.string() }) }))).toThrow(
      /both a single value and an object/,
    );
    expect(() => formFields(z.string())).toThrow(/object of fields/);
  });

  it("keeps the declaration on the action it wraps", () => {
    const fields = formFields(textFields("x"));
    const action = declaredAction(fields, () => "answer");
    expect(action()).toBe("answer");
    expect(declaredFieldsOf(action)).toBe(fields);
    expect(declaredFieldsOf(() => null)).toBeUndefined();
  });
});
