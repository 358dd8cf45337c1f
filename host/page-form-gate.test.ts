import { describe, expect, it } from "vitest";
import {
  MAX_FIELD_INDEX,
  MAX_FIELD_NAME_LENGTH,
  MAX_FORM_FIELDS,
  MAX_SAME_NAME_FIELDS,
  PAGE_BODY_LIMIT,
  screenFormPost,
  TOOL_BODY_LIMIT,
} from "./page-form-gate";

const URL_ENCODED = "application/x-www-form-urlencoded";

function post(
  body: BodyInit | null,
  contentType?: string,
  extra: Record<string, string> = {},
  path = "/contact",
): Request {
  const headers: Record<string, string> = { ...extra };
  if (contentType) headers["content-type"] = contentType;
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

function multipart(parts: Array<[string, string]>): Request {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return new Request("http://localhost/tools/json-pretty-format", { method: "POST", body: form });
}

async function refusal(result: Request | Response): Promise<{ status: number; text: string }> {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  return { status: response.status, text: await response.text() };
}

describe("screenFormPost", () => {
  it("hands an ordinary form post on with the same fields, for the action to parse", async () => {
    const result = await screenFormPost(post("name=Ada+L%C3%B6vel&email=ada%40example.com&message=Hi%21", URL_ENCODED));
    expect(result).toBeInstanceOf(Request);
    const fields = await (result as Request).formData();
    expect(Object.fromEntries(fields)).toEqual({ name: "Ada Lövel", email: "ada@example.com", message: "Hi!" });
  });

  it("hands a multipart post on untouched, and lets GET and empty posts through", async () => {
    const result = await screenFormPost(
      multipart([
        ["input", '{"a": [1, 2]}\r\n--not-a-boundary'],
        ["indent", "2"],
      ]),
    );
    expect(result).toBeInstanceOf(Request);
    expect(Object.fromEntries(await (result as Request).formData())).toEqual({
      input: '{"a": [1, 2]}\r\n--not-a-boundary',
      indent: "2",
    });
    expect(await screenFormPost(new Request("http://localhost/"))).toBeInstanceOf(Request);
    for (const empty of [
      post(null),
      post("", URL_ENCODED),
      new Request("http://localhost/account/logout", { method: "POST" }),
    ]) {
      const screened = await screenFormPost(empty);
      expect(screened).toBeInstanceOf(Request);
      expect([...(await (screened as Request).formData()).keys()]).toEqual([]);
    }
  });

  it("refuses a huge list position in a field name (16 bytes could exhaust the heap), naming the limit", async () => {
    const { status, text } = await refusal(await screenFormPost(post("name[99999999]=1", URL_ENCODED)));
    expect(status).toBe(400);
    expect(text).toContain(`positions go up to ${MAX_FIELD_INDEX.toLocaleString("en")}`);
    // The largest allowed position still reaches the action.
    expect(await screenFormPost(post(`name[${MAX_FIELD_INDEX}]=1`, URL_ENCODED))).toBeInstanceOf(Request);
    expect((await refusal(await screenFormPost(multipart([["tags[5000]", "x"]])))).status).toBe(400);
    // Encoded brackets decode to the same name.
    expect((await refusal(await screenFormPost(post("name%5B99999999%5D=1", URL_ENCODED)))).status).toBe(400);
  });

  it("refuses too many fields, one name repeated too often, and over-long names", async () => {
    const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=`).join("&");
    expect((await refusal(await screenFormPost(post(many, URL_ENCODED)))).text).toContain(
      `more than ${MAX_FORM_FIELDS.toLocaleString("en")} fields`,
    );
    const repeated = "a=&".repeat(MAX_SAME_NAME_FIELDS + 1);
    expect((await refusal(await screenFormPost(post(repeated, URL_ENCODED)))).text).toContain(
      `more than ${MAX_SAME_NAME_FIELDS} times`,
    );
    const forty = "a=&".repeat(40_000);
    expect((await refusal(await screenFormPost(post(forty, URL_ENCODED)))).status).toBe(400);
    const longName = `${"n".repeat(MAX_FIELD_NAME_LENGTH + 1)}=1`;
    expect((await refusal(await screenFormPost(post(longName, URL_ENCODED)))).text).toContain(
      `longer than ${MAX_FIELD_NAME_LENGTH} characters`,
    );
    const parts = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i): [string, string] => [`p${i}`, "x"]);
    expect((await refusal(await screenFormPost(multipart(parts)))).status).toBe(400);
  });

  it("refuses bodies over the limit, by their declared length and by what arrives", async () => {
    const declared = post("a=1", URL_ENCODED, { "content-length": String(PAGE_BODY_LIMIT.bytes + 1) });
    expect((await refusal(await screenFormPost(declared))).status).toBe(413);
    const large = new Uint8Array(PAGE_BODY_LIMIT.bytes + 1).fill(0x61);
    const { status, text } = await refusal(await screenFormPost(post(large, URL_ENCODED)));
    expect(status).toBe(413);
    expect(text).toContain("larger than 2 MB");
  });

  it("lets the tools take up to 11 MB, and every other page up to 2 MB", async () => {
    // The longest text field of the site (200,000 characters) fits as percent-encoded non-ASCII text.
    const longestField = `body=${encodeURIComponent("寫".repeat(200_000))}`;
    expect(await screenFormPost(post(longestField, URL_ENCODED, {}, "/admin/wonder/items/new"))).toBeInstanceOf(
      Request,
    );
    const overPage = `input=${"a".repeat(PAGE_BODY_LIMIT.bytes)}`;
    expect(await screenFormPost(post(overPage, URL_ENCODED, {}, "/tools/json-pretty-format/"))).toBeInstanceOf(Request);
    expect((await refusal(await screenFormPost(post(overPage, URL_ENCODED, {}, "/contact")))).status).toBe(413);
    const overTool = new Uint8Array(TOOL_BODY_LIMIT.bytes + 1).fill(0x61);
    const { status, text } = await refusal(
      await screenFormPost(post(overTool, URL_ENCODED, {}, "/tools/json-pretty-format/")),
    );
    expect(status).toBe(413);
    expect(text).toContain("larger than 11 MB");
    expect(text).toContain("The JSON formatter takes inputs up to");
  });

  it("answers 415 with a message for a body that is not a form (text/plain, JSON, none)", async () => {
    for (const [body, type] of [
      ["hello", "text/plain"],
      ['{"name":"x"}', "application/json"],
      ["a=1", undefined],
    ] as const) {
      const { status, text } = await refusal(await screenFormPost(post(body, type)));
      expect(status).toBe(415);
      expect(text).toContain("application/x-www-form-urlencoded or multipart/form-data");
    }
  });

  it("refuses broken multipart framing instead of passing it on", async () => {
    expect(
      (await refusal(await screenFormPost(post("--x\r\nno end of headers", "multipart/form-data; boundary=x")))).status,
    ).toBe(400);
    expect((await refusal(await screenFormPost(post("a=1", "multipart/form-data")))).status).toBe(400);
  });
});
