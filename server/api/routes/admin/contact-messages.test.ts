import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduleContactNotifications } from "#server/services/contact.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(async () => {
  // Let the background notification pass of the posted messages end before the database closes.
  await scheduleContactNotifications(h.database.db);
  await h.close();
});

let addressCounter = 0;
/** Each message comes from its own address, so the per-address rate limit never couples tests. */
function contact(marker: string) {
  addressCounter += 1;
  return h.request("/v1/site/contact", {
    method: "POST",
    json: { name: "Ada Lovelace", email: "ada@example.com", message: `Hello there ${marker}` },
    clientIp: `203.0.113.${addressCounter}`,
  });
}

describe("contact messages for administrators", () => {
  it("needs an administrator", async () => {
    expect((await h.request("/v1/admin/site/contact/messages")).status).toBe(401);
    const { token } = await h.signIn();
    expect((await h.request("/v1/admin/site/contact/messages", { token })).status).toBe(403);
    expect((await h.request("/v1/admin/site/contact/notify", { method: "POST", token })).status).toBe(403);
  });

  it("lists, marks handled, filters and deletes", async () => {
    const { token } = await h.signIn({ admin: true });
    await contact("admin-list-1");
    const list = await (await h.request("/v1/admin/site/contact/messages?page_size=100", { token })).json();
    expect(list).toMatchObject({ page: 1, page_size: 100 });
    expect(list.mail).toHaveProperty("configured");
    const message = list.messages.find((m: { message: string }) => m.message.includes("admin-list-1"));
    expect(message).toMatchObject({ name: "Ada Lovelace", handled: false, notified_at: null });
    // Newest first.
    expect(list.messages[0].id).toBe(message.id);

    const handled = await h.request(`/v1/admin/site/contact/messages/${message.id}`, {
      method: "POST",
      json: { handled: true },
      token,
    });
    expect(handled.status).toBe(200);
    expect((await handled.json()).message.handled).toBe(true);
    const openList = await (
      await h.request("/v1/admin/site/contact/messages?filter=open&page_size=100", { token })
    ).json();
    expect(openList.messages.map((m: { id: string }) => m.id)).not.toContain(message.id);
    expect(openList.count).toBe(openList.open);
    const handledList = await (await h.request("/v1/admin/site/contact/messages?filter=handled", { token })).json();
    expect(handledList.messages.map((m: { id: string }) => m.id)).toContain(message.id);

    const reopened = await h.request(`/v1/admin/site/contact/messages/${message.id}`, {
      method: "POST",
      json: { handled: "false" },
      token,
    });
    expect((await reopened.json()).message.handled).toBe(false);

    expect((await h.request(`/v1/admin/site/contact/messages/${message.id}`, { method: "DELETE", token })).status).toBe(
      200,
    );
    expect((await h.request(`/v1/admin/site/contact/messages/${message.id}`, { method: "DELETE", token })).status).toBe(
      404,
    );
  });

  it("answers 404 for unknown or malformed ids and 400 for bad input", async () => {
    const { token } = await h.signIn({ admin: true });
    const unknown = await h.request("/v1/admin/site/contact/messages/00000000-0000-4000-8000-000000000000", {
      method: "POST",
      json: { handled: true },
      token,
    });
    expect(unknown.status).toBe(404);
    expect((await h.request("/v1/admin/site/contact/messages/not-a-uuid", { method: "DELETE", token })).status).toBe(
      404,
    );
    const bad = await h.request("/v1/admin/site/contact/messages/not-a-uuid", {
      method: "POST",
      json: { handled: "maybe" },
      token,
    });
    expect(bad.status).toBe(400);
    expect((await h.request("/v1/admin/site/contact/messages?filter=spam", { token })).status).toBe(400);
    const tooBig = await h.request("/v1/admin/site/contact/messages?page_size=1000", { token });
    expect((await tooBig.json()).detail).toMatch(/at most 100/);
  });
});
