import { describe, expect, it } from "vitest";
import { wholePageResponse, withWholePageBody } from "./whole-page.server";

describe("a whole page's response", () => {
  const page = () => new TextEncoder().encode("<!DOCTYPE html><html><body>ok</body></html>");

  it("is built again around its bytes, with the status and the headers set after the entry", async () => {
    const response = wholePageResponse(page(), { status: 404, headers: { "Content-Type": "text/html" } });
    response.headers.set("Server-Timing", "render;dur=1");
    const sent = withWholePageBody(response);
    expect(sent).not.toBe(response);
    expect(sent.status).toBe(404);
    expect(sent.headers.get("content-type")).toBe("text/html");
    expect(sent.headers.get("server-timing")).toBe("render;dur=1");
    expect(await sent.text()).toBe("<!DOCTYPE html><html><body>ok</body></html>");
  });

  it("is left alone once its body was read, and any other response always", async () => {
    const read = wholePageResponse(page(), {});
    await read.text();
    expect(withWholePageBody(read)).toBe(read);
    const other = new Response("data");
    expect(withWholePageBody(other)).toBe(other);
  });
});
