import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { createRequestContext, requestInfoContext } from "#app/context.ts";
import { webEnv } from "./env.server";
import {
  dropSiteSettingsOnChange,
  getSiteSettings,
  getSiteVar,
  getSiteVarText,
  invalidateSiteSettings,
} from "./site-settings.server";

let h: ApiHarness;
let admin: string;
let calls = 0;
let context: RouterContextProvider;
let stopFollowing: () => void;

beforeAll(async () => {
  h = await createApiHarness();
  admin = (await h.signIn({ admin: true })).token;
  stopFollowing = h.onContentChange(dropSiteSettingsOnChange);
  context = createRequestContext({
    clientIp: "127.0.0.1",
    api: {
      fetch: (request, env) => {
        if (new URL(request.url).pathname === "/api/site/vars/public") calls += 1;
        return h.api.fetch(request, env);
      },
    },
  });
});
afterAll(async () => {
  stopFollowing();
  await h.close();
});
beforeEach(() => {
  invalidateSiteSettings();
  calls = 0;
});

async function setVar(key: string, value: string, type = "str") {
  const response = await h.request("/admin/site/vars", {
    method: "POST",
    token: admin,
    json: { key, sv_val: value, sv_val_type: type },
  });
  expect(response.status).toBe(200);
}

describe("site settings", () => {
  it("falls back to SITE_NAME, then follows the site_name var saved through /api on the very next read", async () => {
    expect((await getSiteSettings(context)).siteName).toBe(webEnv.siteName);
    await setVar("site_name", "Lens Lab");
    expect(await getSiteSettings(context)).toEqual({ siteName: "Lens Lab" });
    expect(calls).toBe(2);
  });

  it("tells the request how old the cached settings are, so a page made from them is kept that much less", async () => {
    await getSiteSettings(context);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const page = createRequestContext({
      clientIp: "127.0.0.1",
      api: { fetch: (request, env) => h.api.fetch(request, env) },
    });
    await getSiteSettings(page);
    expect(page.get(requestInfoContext).dataAgeSeconds).toBeGreaterThanOrEqual(2);
  });

  it("is never older than 5 s, so a page kept for 10 s from the read always has 5 s left to be cached", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const ages: number[] = [];
      for (let elapsedMs = 0; elapsedMs <= 12_000; elapsedMs += 700) {
        vi.setSystemTime(1_800_000_000_000 + elapsedMs);
        const page = createRequestContext({ clientIp: "127.0.0.1", api: { fetch: (r, env) => h.api.fetch(r, env) } });
        await getSiteSettings(page);
        ages.push(page.get(requestInfoContext).dataAgeSeconds);
      }
      expect(Math.max(...ages)).toBeLessThanOrEqual(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks /api once for concurrent and repeated reads within the TTL", async () => {
    await Promise.all(Array.from({ length: 5 }, () => getSiteSettings(context)));
    await getSiteSettings(context);
    expect(calls).toBe(1);
  });

  it("reads other public vars generically, never private ones", async () => {
    await setVar("public_banner_limit", "3", "int");
    await setVar("probe_app_store_link", "https://play.example/app");
    await setVar("secret_token", "hidden");
    expect(await getSiteVar(context, "public_banner_limit")).toBe(3);
    expect(await getSiteVarText(context, "public_banner_limit", "none")).toBe("3");
    expect(await getSiteVar(context, "secret_token", "fallback")).toBe("fallback");
    expect(await getSiteVarText(context, "probe_app_store_link", null)).toBe("https://play.example/app");
  });

  it("serves the fallback when /api fails", async () => {
    const broken = createRequestContext({
      clientIp: "127.0.0.1",
      api: { fetch: () => new Response("nope", { status: 502 }) },
    });
    expect(await getSiteVarText(broken, "site_name", "Fallback")).toBe("Fallback");
  });
});
