import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { createRequestContext } from "#app/context.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { SharedAnswers } from "./api-answers.server";
import { apiRequest } from "./api.server";

/** An /api that tags its one answer by version and answers 304 to the current tag; it notes each If-None-Match. */
function taggingApi(cacheControl = "public, max-age=60") {
  const state = { version: 1, sentTags: [] as (string | null)[] };
  const fetch = (request: Request) => {
    const sent = request.headers.get("if-none-match");
    state.sentTags.push(sent);
    const etag = `"v${state.version}"`;
    const headers = { etag, "cache-control": cacheControl, "content-type": "application/json" };
    if (sent === etag) return new Response(null, { status: 304, headers });
    return new Response(`{"version": ${state.version}, "items": [{"megapixels": 12.50}]}`, { headers });
  };
  return { state, context: createRequestContext({ clientIp: "203.0.113.9", api: { fetch } }) };
}

interface Answer {
  version: number;
  items: { megapixels: number }[];
}

describe("shared /api answers", () => {
  it("are asked for again with their ETag, and a 304 reuses the kept value and text", async () => {
    const { state, context } = taggingApi();
    const first = await apiRequest<Answer>(context, "/shared/reused");
    const second = await apiRequest<Answer>(context, "/shared/reused");
    expect(state.sentTags).toEqual([null, '"v1"']);
    expect(second).toMatchObject({ ok: true, status: 200 });
    if (!first.ok || !second.ok) return;
    expect(second.data).toBe(first.data);
    expect(second.text).toBe('{"version": 1, "items": [{"megapixels": 12.50}]}');
  });

  it("are replaced when /api answers with a new tag", async () => {
    const { state, context } = taggingApi();
    await apiRequest<Answer>(context, "/shared/changed");
    state.version = 2;
    const changed = await apiRequest<Answer>(context, "/shared/changed");
    const again = await apiRequest<Answer>(context, "/shared/changed");
    expect(changed.ok && changed.data.version).toBe(2);
    expect(again.ok && again.data.version).toBe(2);
    expect(state.sentTags).toEqual([null, '"v1"', '"v2"']);
  });

  it("are frozen outside production, so a page that changed the value the next page gets fails", async () => {
    const { context } = taggingApi();
    const result = await apiRequest<Answer>(context, "/shared/frozen");
    if (!result.ok) throw new Error("expected an answer");
    expect(() => result.data.items.push({ megapixels: 1 })).toThrow(TypeError);
    expect(() => {
      result.data.items[0]!.megapixels = 1;
    }).toThrow(TypeError);
  });

  it("are not kept when they depend on who asks, or for other methods", async () => {
    const personal = taggingApi("private, max-age=60");
    await apiRequest<Answer>(personal.context, "/shared/personal");
    await apiRequest<Answer>(personal.context, "/shared/personal");
    expect(personal.state.sentTags).toEqual([null, null]);
    const posted = taggingApi();
    await apiRequest<Answer>(posted.context, "/shared/posted", { method: "POST", body: {} });
    await apiRequest<Answer>(posted.context, "/shared/posted", { method: "POST", body: {} });
    expect(posted.state.sentTags).toEqual([null, null]);
  });

  it("keep within their limits, dropping the least recently used first", () => {
    const answers = new SharedAnswers({ maxCharacters: 80, maxAnswers: 2 });
    const tagged = { headers: new Headers({ etag: '"t"', "cache-control": "public, max-age=5" }) };
    answers.keep("/a", tagged, { a: 1 }, '{"a":1}');
    answers.keep("/b", tagged, { b: 1 }, '{"b":1}');
    answers.reuse("/a", '"t"');
    answers.keep("/c", tagged, { c: 1 }, '{"c":1}');
    expect([answers.etagFor("/a"), answers.etagFor("/b"), answers.etagFor("/c")]).toEqual(['"t"', undefined, '"t"']);
    answers.keep("/large", tagged, "x".repeat(20), JSON.stringify("x".repeat(20)));
    expect(answers.etagFor("/large")).toBeUndefined();
  });
});

describe("shared /api answers from the real /api", () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("reuse the manufacturers' answer while /api says it is unchanged", async () => {
    const sentTags: (string | null)[] = [];
    const context = createRequestContext({
      clientIp: "203.0.113.9",
      api: {
        fetch: (request, env) => {
          sentTags.push(request.headers.get("if-none-match"));
          return h.api.fetch(request, env);
        },
      },
    });
    const first = await apiRequest<unknown>(context, "/camera/manufacturers");
    const second = await apiRequest<unknown>(context, "/camera/manufacturers");
    expect(first.ok && second.ok).toBe(true);
    expect(sentTags[1]).toBe(first.headers.get("etag"));
    expect(second.ok && first.ok && second.data).toBe(first.ok ? first.data : undefined);
  });
});
