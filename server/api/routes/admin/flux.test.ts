import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLUX_FORM_NAME } from "#shared/contract/flux.ts";
import { siteVars } from "#server/db/schema.ts";
import { createImageHostApp } from "#server/image-host/app.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { loopbackServers, readJson, restoreEnvironmentAfterEach } from "#tests/support/admin-api.ts";

let h: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness["signIn"]>>;

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn({ admin: true });
});
afterAll(async () => {
  await h.close();
});
const { listen } = loopbackServers();
restoreEnvironmentAfterEach();

describe("image generation", () => {
  const hostKey = "host-key-for-tests-0001";
  let hostUrl: string;
  beforeAll(async () => {
    const imageHost = createImageHostApp({ db: h.database.db, apiKey: () => hostKey });
    hostUrl = `${await listen(new Hono().route("/image-host", imageHost))}/image-host`;
  });

  const flux = (body: Record<string, unknown>) =>
    h.request("/v1/admin/img_gen/flux", {
      method: "POST",
      token: admin.token,
      json: { host: hostUrl, api_key: hostKey, ...body },
    });

  it("defaults to the shipped host and follows the img_gen site vars", async () => {
    process.env.PORT = "3000";
    const defaults = await readJson(await h.request("/v1/admin/img_gen/config", { token: admin.token }));
    expect(defaults.host).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/image-host$/);
    expect(defaults.api_key).toMatch(/^[0-9a-f]{43}$/);
    await h.database.db.insert(siteVars).values([
      { namedKey: "img_gen_host", valType: "str", valObjectJson: JSON.stringify({ val: hostUrl }) },
      { namedKey: "img_gen_api_key", valType: "str", valObjectJson: JSON.stringify({ val: hostKey }) },
    ]);
    expect(await readJson(await h.request("/v1/admin/img_gen/config", { token: admin.token }))).toEqual({
      host: hostUrl,
      api_key: hostKey,
    });
  });

  it("generates one job per prompt line with echo data naming the form, deterministic images", async () => {
    const response = await flux({
      prompt: "a red fox\n\n  \na <b>blue</b> whale\n",
      steps: 40,
      width: 640,
      height: 480,
      echo_data: '{"note":"hi"}',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { result_list } = await readJson(response);
    expect(result_list).toHaveLength(2);
    expect(result_list.map((job: { prompt: string }) => job.prompt)).toEqual(["a red fox", "a <b>blue</b> whale"]);
    expect(result_list[0]).toMatchObject({
      width: 640,
      height: 480,
      echo_data: { note: "hi", requestor_id: FLUX_FORM_NAME, requestor_type: FLUX_FORM_NAME },
    });
    expect(result_list[0].image_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(result_list[1].image_url.split(",")[1], "base64").toString();
    expect(svg).toContain("a &lt;b&gt;blue&lt;/b&gt; whale");
    expect(svg).not.toContain("<b>");
    const same = await readJson(await flux({ prompt: "a red fox", steps: 40, width: 640, height: 480 }));
    expect(same.result_list[0].image_url).toBe(result_list[0].image_url);
  });

  it("validates the form: prompt, key, steps, sizes, echo data and host", async () => {
    const noPrompt = await flux({ prompt: "\n   \n\n" });
    expect((await readJson(noPrompt)).errors).toEqual([{ field: "prompt", message: "No prompt input found!" }]);
    const noKey = await flux({ prompt: "a cat", api_key: "" });
    expect((await readJson(noKey)).errors).toEqual([{ field: "api_key", message: "API Key not found!" }]);
    const bad = await flux({
      prompt: "a cat",
      steps: 5,
      width: 100,
      height: 20_000,
      echo_data: "{nope",
      host: "ftp://x",
    });
    expect(bad.status).toBe(400);
    expect(
      (await readJson(bad)).errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`).sort(),
    ).toEqual([
      "echo_data: Echo data must be valid JSON.",
      "height: Height must be from 256 to 10000.",
      "host: Host must be an http:// or https:// URL.",
      "steps: Steps must be from 10 to 1000.",
      "width: Width must be from 256 to 10000.",
    ]);
    const notObject = await flux({ prompt: "a cat", echo_data: "[1,2]" });
    expect((await readJson(notObject)).errors).toEqual([
      { field: "echo_data", message: "Echo data must be a JSON object." },
    ]);
  });

  it("lists history, recent and by requestor, and deletes a job", async () => {
    await h.database.db.delete(siteVars);
    await h.database.db.insert(siteVars).values([
      { namedKey: "img_gen_host", valType: "str", valObjectJson: JSON.stringify({ val: hostUrl }) },
      { namedKey: "img_gen_api_key", valType: "str", valObjectJson: JSON.stringify({ val: hostKey }) },
    ]);
    const made = (await readJson(await flux({ prompt: "history item" }))).result_list[0];
    const recent = await readJson(await h.request("/v1/admin/img_gen/history", { token: admin.token }));
    expect(recent.result_list[0].id).toBe(made.id);
    const mine = await readJson(
      await h.request(`/v1/admin/img_gen/history?requestor_id=${FLUX_FORM_NAME}`, { token: admin.token }),
    );
    expect(mine.result_list.map((job: { id: string }) => job.id)).toContain(made.id);
    const nobody = await readJson(
      await h.request("/v1/admin/img_gen/history?requestor_id=nobody", { token: admin.token }),
    );
    expect(nobody.result_list).toEqual([]);
    const deleted = await readJson(
      await h.request(`/v1/admin/img_gen/job/${made.id}`, { method: "DELETE", token: admin.token }),
    );
    expect(deleted).toEqual({ ok: true, hold_id: expect.any(String) });
    // Undo brings the same job back (the shipped host shares the database): same id, prompt, echo data, date.
    const restored = await h.request(`/v1/admin/deleted/${deleted.hold_id}/restore`, {
      method: "POST",
      token: admin.token,
    });
    expect(await readJson(restored)).toEqual({ resource: "image_job", id: made.id });
    const back = await readJson(await h.request("/v1/admin/img_gen/history", { token: admin.token }));
    expect(back.result_list[0]).toEqual(recent.result_list[0]);
    await h.request(`/v1/admin/img_gen/job/${made.id}`, { method: "DELETE", token: admin.token });
    const missing = await h.request(`/v1/admin/img_gen/job/${made.id}`, { method: "DELETE", token: admin.token });
    expect(missing.status).toBe(404);
    expect((await readJson(missing)).detail).toBe("The image host has no such job.");
  });

  it("refuses an answer from the host nested past the JSON limits with 502, never a 500", async () => {
    const abyss = new Hono();
    abyss.post("/model/flux", (c) =>
      c.body(`{"result_list":${"[".repeat(10_000)}${"]".repeat(10_000)}}`, 200, { "content-type": "application/json" }),
    );
    const deep = await flux({ prompt: "a cat", host: await listen(abyss) });
    expect(deep.status).toBe(502);
    expect((await readJson(deep)).detail).toMatch(/^The image host's answer .*64/);
  });

  it("reports a wrong key, an unreachable host and a host that hangs, within the timeout", async () => {
    const wrongKey = await flux({ prompt: "a cat", api_key: "not-the-key" });
    expect(wrongKey.status).toBe(502);
    expect((await readJson(wrongKey)).detail).toBe("The image host refused the API key.");
    const unreachable = await flux({ prompt: "a cat", host: "http://127.0.0.1:9/image-host" });
    expect(unreachable.status).toBe(502);
    expect((await readJson(unreachable)).detail).toBe("The image host at http://127.0.0.1:9 could not be reached.");
    const hanging = new Hono();
    let sawCookie: string | undefined = "unset";
    let sawKey: string | undefined;
    hanging.all("*", (c) => {
      sawCookie = c.req.header("cookie");
      sawKey = c.req.header("x-api-key");
      return new Promise<Response>(() => {});
    });
    const slowUrl = await listen(hanging);
    process.env.IMAGE_HOST_TIMEOUT_MS = "500";
    const started = Date.now();
    const slow = await flux({ prompt: "a cat", host: slowUrl });
    expect(slow.status).toBe(504);
    expect((await readJson(slow)).detail).toBe("The image host did not answer within 0.5 s.");
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(sawCookie).toBeUndefined();
    expect(sawKey).toBe(hostKey);
  });

  it("keeps only images a page may show from a foreign host", async () => {
    const foreign = new Hono();
    foreign.post("/model/flux", (c) =>
      c.json({
        result_list: [
          { id: 7, prompt: "x", image_url: "javascript:alert(1)", width: 512, height: 512, echo_data: null },
          { id: "b", prompt: "y", image_url: "https://img.example/y.png", width: 512, height: 512 },
          "garbage",
        ],
      }),
    );
    const foreignUrl = await listen(foreign);
    const { result_list } = await readJson(await flux({ prompt: "xy", host: foreignUrl }));
    expect(result_list).toEqual([
      expect.objectContaining({ id: "7", image_url: "", echo_data: {} }),
      expect.objectContaining({ id: "b", image_url: "https://img.example/y.png" }),
    ]);
  });
});
