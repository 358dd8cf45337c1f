import { parse } from "@conform-to/dom";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { declaredAction, fileField, formFields, textFields, type FormFields } from "#app/utils/form-fields.ts";
import { MAX_FIELD_NAME_LENGTH } from "./form-fields-check";
import { createPageFormGate, PAGE_BODY_LIMIT, TOOL_BODY_LIMIT, type GateRoutes } from "./page-form-gate";

const URL_ENCODED = "application/x-www-form-urlencoded";

/** A form with every kind of field: values, a list with a length, a nested object, a list of objects, a file. */
const TestSchema = z.object({
  email: z.string(),
  password: z.string().optional(),
  tags: z.array(z.string()).max(3),
  address: z.object({ city: z.string(), zip: z.string().optional() }),
  items: z.array(z.object({ name: z.string() })).max(2),
});
const FIELDS = formFields(TestSchema, fileField("file"), textFields("intent"));

const action = declaredAction(FIELDS, () => null);
const noFields = declaredAction(formFields(), () => null);
/** root > layout > { contact, tools/json, index "/", a loader-only page, admin > admin index }. */
const ROUTES: GateRoutes = {
  root: { id: "root", path: "", module: {} },
  layout: { id: "layout", parentId: "root", module: {} },
  contact: { id: "contact", parentId: "layout", path: "contact", module: { action } },
  tool: { id: "tool", parentId: "layout", path: "tools/json", module: { action } },
  home: { id: "home", parentId: "layout", index: true, module: { action: noFields } },
  page: { id: "page", parentId: "layout", path: "page", module: {} },
};
const gate = createPageFormGate(ROUTES);

function post(body: BodyInit | null, contentType?: string, path = "/contact", extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  if (contentType) headers["content-type"] = contentType;
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

function multipart(parts: Array<[string, string | File]>, path = "/contact"): Request {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return new Request(`http://localhost${path}`, { method: "POST", body: form });
}

/** A multipart body written by hand, for shapes FormData never makes. */
function rawMultipart(body: string, boundary = "b"): Request {
  return post(body.replaceAll("\n", "\r\n"), `multipart/form-data; boundary=${boundary}`);
}

async function refusal(result: Request | Response): Promise<{ status: number; text: string }> {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  return { status: response.status, text: await response.text() };
}

async function passes(request: Request): Promise<FormData> {
  const result = await gate(request);
  if (result instanceof Response) throw new Error(`refused: ${result.status} ${await result.text()}`);
  return result.formData();
}

describe("the page form gate", () => {
  it("hands a declared form on with the same fields, urlencoded and multipart", async () => {
    const fields = await passes(post("email=ada%40example.com&tags=a&tags=b&address.city=Z%C3%BCrich", URL_ENCODED));
    expect([...fields]).toEqual([
      ["email", "ada@example.com"],
      ["tags", "a"],
      ["tags", "b"],
      ["address.city", "Zürich"],
    ]);
    const parts = await passes(
      multipart([
        ["email", 'x\r\n--not-a-boundary"'],
        ["items[1].name", "n"],
        ["tags[]", "t"],
        ["file", new File(["{}"], "input.json", { type: "application/json" })],
      ]),
    );
    expect(parts.get("email")).toBe('x\r\n--not-a-boundary"');
    expect((parts.get("file") as File).name).toBe("input.json");
  });

  it("lets GET, empty posts and posts to pages without an action through", async () => {
    expect(await gate(new Request("http://localhost/contact"))).toBeInstanceOf(Request);
    for (const empty of [post(null), post("", URL_ENCODED)]) expect([...(await passes(empty))]).toEqual([]);
    // React Router answers 405 there, without reading the body: the gate does not read it either.
    const unread = post("zz[99999999]=1", URL_ENCODED, "/page");
    expect(await gate(unread)).toBe(unread);
    expect(await gate(post("zz=1", URL_ENCODED, "/nowhere/at/all"))).toBeInstanceOf(Request);
  });

  it("finds the action React Router runs: .data requests, and the index route only with ?index", async () => {
    expect((await refusal(await gate(post("zz=1", URL_ENCODED, "/contact.data")))).status).toBe(400);
    expect((await refusal(await gate(post("zz=1", URL_ENCODED, "/_.data?index")))).status).toBe(400);
    expect((await refusal(await gate(post("email=1", URL_ENCODED, "/?index")))).text).toContain(
      "no field named &#34;email&#34;",
    );
    // Without ?index a post to "/" goes to the root route, which has no action.
    expect(await gate(post("email=1", URL_ENCODED, "/"))).toBeInstanceOf(Request);
  });

  it("fails at start-up on an action that declares no fields", () => {
    expect(() =>
      createPageFormGate({ ...ROUTES, bare: { id: "bare", path: "bare", module: { action: () => 1 } } }),
    ).toThrow(/bare/);
  });

  it("refuses the attacks of the issue in every spelling, naming the field", async () => {
    const cases: Array<[string, string]> = [
      ["email[0]=a&email.10000000=b&password=x", '"email[0]"'],
      ["email.100000000=b", '"email.100000000"'],
      ["zz[0]=a&zz.10000000=b", '"zz[0]"'],
      ["intent=name&name[0]=a&name.10000000=b", '"name[0]"'],
      ["tags[3]=x", "entry 3 of a list of at most 3"],
      ["tags.0=x", '"tags.0"'],
      ["tags[0].x=1", '"tags[0].x"'],
      ["items[99999999].name=1", "entry 99999999"],
      ["address=1", '"address"'],
      ["address%5B0%5D=1", '"address[0]"'],
      ["a..b=1", '"a..b"'],
      ["__proto__.x=1", '"__proto__.x"'],
      ["=1", "has no name"],
    ];
    for (const [body, message] of cases) {
      const { status, text } = await refusal(await gate(post(body, URL_ENCODED)));
      expect(status, body).toBe(400);
      expect(text, body).toContain(message.replaceAll('"', "&#34;"));
    }
  });

  it("takes one value of a single field and at most a list's length of a list", async () => {
    expect((await refusal(await gate(post("email=a&email=b", URL_ENCODED)))).text).toContain("more than once");
    expect((await refusal(await gate(post("tags=a&tags=b&tags=c&tags=d", URL_ENCODED)))).text).toContain(
      "at most 3 values",
    );
    const flood = Array.from({ length: 40_000 }, () => "tags[0]=").join("&");
    expect((await refusal(await gate(post(flood, URL_ENCODED)))).text).toContain("more than once");
    const longName = `${"n".repeat(MAX_FIELD_NAME_LENGTH + 1)}=1`;
    expect((await refusal(await gate(post(longName, URL_ENCODED)))).text).toContain(
      `longer than ${MAX_FIELD_NAME_LENGTH} characters`,
    );
  });

  it("checks Conform's control fields against their own bounded schema", async () => {
    const intent = (value: unknown) => `__intent__=${encodeURIComponent(JSON.stringify(value))}`;
    const refused = [
      "__intent__=nope",
      "__state__=nope",
      "__state__=%7B%7D",
      intent({ type: "update", payload: { name: "email", index: 10000000, value: "x" } }),
      intent({ type: "update", payload: { name: "nosuch", value: "x" } }),
      intent({ type: "insert", payload: { name: "tags", index: 4 } }),
      intent({ type: "insert", payload: { name: "email" } }),
      intent({ type: "reorder", payload: { name: "items", from: 0, to: 99 } }),
      intent({ type: "remove", payload: { name: "tags" } }),
      intent({ type: "launch", payload: {} }),
      intent({ type: "validate", payload: { name: "email", extra: [[[[1]]]] } }),
      `${intent({ type: "validate", payload: {} })}&${intent({ type: "validate", payload: {} })}`,
      `__intent__=${"x".repeat(5000)}`,
    ];
    for (const body of refused) expect((await refusal(await gate(post(body, URL_ENCODED)))).status, body).toBe(400);
    for (const accepted of [
      intent({ type: "validate", payload: { name: "email" } }),
      intent({ type: "update", payload: { name: "tags", index: 2, value: "x" } }),
      intent({ type: "insert", payload: { name: "items", defaultValue: "" } }),
      intent({ type: "remove", payload: { name: "tags", index: 0 } }),
      intent({ type: "reset", payload: { name: "address" } }),
    ])
      await passes(post(`email=a&${accepted}`, URL_ENCODED));
    const asFile = multipart([["__intent__", new File(["{}"], "intent.json")]]);
    expect((await refusal(await gate(asFile))).status).toBe(400);
    expect((await refusal(await gate(multipart([["email", new File(["x"], "x.txt")]])))).text).toContain(
      "takes text, not a file",
    );
  });

  it("refuses multipart parts in any shape but the one browsers send", async () => {
    const part = (headers: string, content = "x") => `--b\n${headers}\n\n${content}\n--b--\n`;
    const refused = [
      // Two Content-Dispositions: one parser reads the first name, another the last.
      part('Content-Disposition: form-data; name="email"\nContent-Disposition: form-data; name="b[99999999]"'),
      part('Content-Disposition: form-data;; name="email"'),
      part(`Content-Disposition: form-data; name="email"${";".repeat(16_000)}`),
      part('Content-Disposition: form-data; name="email"; name="tags"'),
      part("Content-Disposition: form-data; name=\"email\"; filename*=utf-8''x"),
      part('Content-Disposition: form-data; name="email"; size="1"'),
      part('Content-Disposition: attachment; name="email"'),
      part("Content-Disposition: form-data; name=email"),
      part('Content-Disposition: form-data; name="email\\"; filename="x"'),
      part('Content-Disposition: form-data; name="email"\nX-Extra: 1'),
      part('Content-Disposition: form-data; name="email"\n folded: continuation'),
      part('Content-Disposition: form-data; name="email"\nContent-Type: text/plain\nContent-Type: text/html'),
      part(""),
      'preamble\n--b\nContent-Disposition: form-data; name="email"\n\nx\n--b--\n',
      `${part('Content-Disposition: form-data; name="email"')}epilogue`,
      '--b\nContent-Disposition: form-data; name="email"\n\nx\n--bX\n--b--\n',
      '--b\nContent-Disposition: form-data; name="email"\n\nx',
    ];
    for (const body of refused) expect((await refusal(await gate(rawMultipart(body)))).status, body).toBe(400);
    await passes(rawMultipart(part('content-disposition: form-data; name="email"\ncontent-type: text/plain')));
    for (const contentType of [
      "multipart/form-data",
      "multipart/form-data; boundary=a; boundary=b",
      "multipart/form-data; boundary=b; charset=utf-8",
      "multipart/form-data; boundary=",
      `multipart/form-data; boundary=${"x".repeat(71)}`,
      "application/x-www-form-urlencoded; charset=latin1",
      "application/x-www-form-urlencoded; boundary=x",
    ]) {
      const body = part('Content-Disposition: form-data; name="email"').replaceAll("\n", "\r\n");
      expect((await refusal(await gate(post(body, contentType)))).status, contentType).toBe(400);
    }
  });

  it("refuses bodies over the limit, by their declared length and by what arrives", async () => {
    const declared = post("email=1", URL_ENCODED, "/contact", { "content-length": String(PAGE_BODY_LIMIT.bytes + 1) });
    expect((await refusal(await gate(declared))).status).toBe(413);
    const { status, text } = await refusal(await gate(post(new Uint8Array(PAGE_BODY_LIMIT.bytes + 1), URL_ENCODED)));
    expect(status).toBe(413);
    expect(text).toContain("larger than 2 MB");
    const overPage = `email=${"a".repeat(PAGE_BODY_LIMIT.bytes)}`;
    expect(await gate(post(overPage, URL_ENCODED, "/tools/json"))).toBeInstanceOf(Request);
    const overTool = new Uint8Array(TOOL_BODY_LIMIT.bytes + 1).fill(0x61);
    expect((await refusal(await gate(post(overTool, URL_ENCODED, "/tools/json")))).text).toContain("larger than 11 MB");
  });

  it("answers 415 for a body that is not a form, and every refusal carries a policy that runs nothing", async () => {
    for (const [body, type] of [
      ["hello", "text/plain"],
      ['{"email":"x"}', "application/json"],
      ["email=1", undefined],
    ] as const) {
      const result = await gate(post(body, type));
      const { status, text } = await refusal(result);
      expect(status).toBe(415);
      expect(text).toContain("application/x-www-form-urlencoded or multipart/form-data");
      const policy = (result as Response).headers.get("content-security-policy");
      expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+'/);
    }
  });
});

/** Every spelling Conform's name parser reads: words, dots, brackets with and without digits, and stray ones. */
const nameArbitrary = fc
  .array(
    fc.oneof(
      fc.constantFrom("email", "password", "tags", "address", "city", "zip", "items", "name", "file", "intent", "zz"),
      fc.constantFrom("__proto__", "constructor", "__intent__", "0", "10000000", "99999999999", "-1", "1e9", ""),
      fc.string({ maxLength: 4 }),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .chain((words) =>
    fc
      .array(fc.constantFrom(".", "[", "]", "][", "].", "[]", "%5B", "%5D", "%2E", "+"), {
        minLength: words.length,
        maxLength: words.length,
      })
      .map((joins) => words.map((word, i) => `${i === 0 ? "" : joins[i]}${word}`).join("")),
  )
  .chain((name) =>
    fc.constantFrom(name, `${name}[0]`, `${name}[2]`, `${name}[3]`, `${name}[99999999]`, `${name}.99999999`),
  );

/** What Conform builds from a form: every key it reaches is declared, and no list is longer than declared. */
function withinDeclaration(
  value: unknown,
  rule: FormFields["root"] | import("#app/utils/form-fields.ts").FieldRule,
): boolean {
  if (Array.isArray(value)) {
    if (rule.kind === "list")
      return value.length <= rule.max && value.every((entry) => withinDeclaration(entry, rule.item));
    return false;
  }
  if (value !== null && typeof value === "object" && !(value instanceof File)) {
    if (rule.kind !== "object") return false;
    return Object.entries(value).every(
      ([key, entry]) => rule.fields.has(key) && withinDeclaration(entry, rule.fields.get(key)!),
    );
  }
  return rule.kind !== "object";
}

describe("the page form gate, for any name", () => {
  it("hands on only forms whose every name Conform builds into the declared fields, ", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(nameArbitrary, fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (entries, asMultipart) => {
          const request = asMultipart
            ? multipart(entries)
            : post(entries.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&"), URL_ENCODED);
          const result = await gate(request);
          if (result instanceof Response) {
            expect(result.status).toBe(400);
            return;
          }
          const submission = parse(await result.formData(), { resolve: (payload) => ({ value: payload }) });
          expect(withinDeclaration(submission.payload, FIELDS.root), JSON.stringify(entries)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
