// The API documentation page against the real OpenAPI document: every operation is on it, with its authentication.
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestContext } from "#app/context.ts";
import { loader } from "#app/routes/pages/api-docs.tsx";
import { readRenderOnlyData } from "#app/utils/render-only-data.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { ApiDocsView } from "./api-docs-view";
import { HTTP_METHODS, operationsByTag, type OpenApiDocument } from "./openapi-model";

let h: ApiHarness;
let doc: OpenApiDocument;
let html: string;

beforeAll(async () => {
  h = await createApiHarness();
  const context = createRequestContext({ clientIp: "203.0.113.7", api: h.api });
  const loaded = await loader({ request: new Request("http://localhost/api-docs"), context, params: {} } as never);
  doc = readRenderOnlyData(loaded.doc);
  html = renderToStaticMarkup(<ApiDocsView doc={doc} />);
});
afterAll(async () => {
  await h.close();
});

/** The section of one operation on the page. */
function sectionOf(method: string, path: string): string {
  const entry = operationsByTag(doc)
    .flatMap((group) => group.operations)
    .find((operation) => operation.method === method && operation.path === path);
  expect(entry, `${method} ${path}`).toBeDefined();
  const start = html.indexOf(`<section id="${entry!.anchor}"`);
  expect(start, `${method} ${path} has its section`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

describe("the API documentation page", () => {
  it("shows every operation of /api/openapi.json, its method and path", () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, path })),
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const { method, path } of operations) {
      const section = sectionOf(method, path);
      expect(section).toContain(`<code class="break-all">${path}</code>`);
      expect(section).toContain(`>${method}</span>`);
    }
  });

  it("says how to authenticate: an API key for the upload, an administrator's session, none for reading", () => {
    expect(sectionOf("post", "/api/camera/reports")).toContain("an API key in the x-api-key header");
    expect(sectionOf("get", "/api/v1/kv/{key}")).toMatch(/x-api-key header, or a session token/);
    expect(sectionOf("get", "/api/admin/home")).toContain("an administrator&#x27;s session");
    expect(sectionOf("get", "/api/user/profile")).toContain("a signed-in session");
    expect(sectionOf("get", "/api/camera/reports")).toContain("Authentication: </span>none");
  });

  it("shows parameters, the request body's fields and the answer's", () => {
    const list = sectionOf("get", "/api/camera/reports");
    for (const name of ["q", "facing", "min_level", "cap", "page", "size"]) expect(list).toContain(`>${name}</code>`);
    const upload = sectionOf("post", "/api/camera/reports");
    expect(upload).toContain("Request body (application/json), required");
    expect(upload).toMatch(/<code class="font-semibold">manufacturer<\/code>.*?required/);
    expect(upload).toContain(">camera_list</code>");
    expect(upload).toContain(">hardware_level</code>");
    expect(upload).toContain("(error body)");
  });

  it("puts the public operations before the administrators'", () => {
    const tags = operationsByTag(doc).map((group) => group.tag);
    const firstAdmin = tags.findIndex((tag) => tag.startsWith("admin"));
    expect(tags.slice(0, firstAdmin)).toContain("camera");
    expect(tags.slice(firstAdmin).every((tag) => tag.startsWith("admin"))).toBe(true);
  });
});
