import { describe, expect, it } from "vitest";
import { adminApiFile } from "#tests/support/admin-api.ts";
import {
  apiKeys,
  contactMessages,
  kvEntries,
  mailConnections,
  siteData,
  siteVars,
  wonderItems,
  wonderTags,
} from "#server/db/schema.ts";

const api = adminApiFile();

describe("admin home", () => {
  it("lists every admin page on the admin home", async () => {
    const { body } = await api.call("GET", "/admin/home", api.admin);
    const links = body.groups.flatMap((group: { links: Array<{ link: string }> }) => group.links.map((l) => l.link));
    for (const page of [
      "/admin/common/users/",
      "/admin/common/api_keys",
      "/admin/common/email_config",
      "/admin/common/kv/",
      "/admin/common/site/vars",
      "/admin/common/site/data/",
      "/admin/common/messages/",
      "/admin/wonder/tags",
      "/admin/wonder/items",
      "/admin/wonder/create",
      "/admin/labs/flux/",
      "/admin/labs/flux/history",
    ]) {
      expect(links).toContain(page);
    }
    for (const group of body.groups) expect(group.name).toEqual(expect.any(String));
  });

  it("counts each area's records, messages only while not handled", async () => {
    const before = (await api.call("GET", "/admin/home", api.admin)).body.counts;
    const db = api.h.database.db;
    await api.h.signIn();
    await db.insert(apiKeys).values({ serviceName: "count-test", apiKeyEncrypted: "x", apiKeyDigest: "count-test" });
    await db.insert(contactMessages).values([
      { name: "Unread", email: "unread@example.com", message: "counted" },
      { name: "Handled", email: "handled@example.com", message: "not counted", handled: true },
    ]);
    await db.insert(mailConnections).values({ email: "sender@example.com", refreshTokenEncrypted: "x" });
    await db.insert(siteData).values({ versionNum: 9001, type: "terms" });
    await db.insert(siteVars).values({ namedKey: "count_test", valType: "str", valObjectJson: '{"val":"x"}' });
    await db.insert(kvEntries).values({ key: "count-test", valueType: "str", value: "x" });
    await db.insert(wonderItems).values({ title: "Counted", slug: "count-test" });
    await db.insert(wonderTags).values({ name: "Counted", slug: "count-test" });

    const { status, body } = await api.call("GET", "/admin/home", api.admin);
    expect(status).toBe(200);
    const plusOne = Object.fromEntries(Object.entries(before).map(([area, n]) => [area, (n as number) + 1]));
    expect(body.counts).toEqual(plusOne);
  });
});
