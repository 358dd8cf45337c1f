import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createRequestContext, sessionContext } from "#app/context.ts";
import type { ApiResult } from "#app/utils/api.server.ts";
import {
  deleteAction,
  listAfterDelete,
  loadListForEditing,
  postedForm,
  restoreHeldAction,
  saveAction,
} from "./actions.server";

/** A context whose /api answers every call with `answer`, and records the calls. */
function contextAnswering(answer: () => Response) {
  const calls: { method: string; path: string }[] = [];
  const context = createRequestContext({
    clientIp: "203.0.113.9",
    api: {
      fetch: (request: Request) => {
        calls.push({ method: request.method, path: new URL(request.url).pathname });
        return answer();
      },
    },
  });
  context.set(sessionContext, { user: null, expires: null, sessionToken: "token", did: null });
  return { context, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function form(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}

/** The payload and status of a data() answer. */
function payloadOf(answer: unknown): { data: Record<string, unknown>; status: number | undefined } {
  const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
  return { data, status: init?.status };
}

const Schema = z.object({ name: z.string({ error: "Required." }).min(2, "Too short.") });

describe("postedForm", () => {
  it("gives the form and its intent, empty when no button named one", async () => {
    const post = (body: FormData) => new Request("http://site/admin", { method: "POST", body });
    expect((await postedForm(post(form({ intent: "save", name: "x" })))).intent).toBe("save");
    const { formData, intent } = await postedForm(post(form({ name: "x" })));
    expect(intent).toBe("");
    expect(formData.get("name")).toBe("x");
  });
});

describe("listAfterDelete", () => {
  const pageUrl = (editId: string | null) => (editId ? `/list?edit=${editId}` : "/list");
  it("keeps the record being edited", () => {
    expect(listAfterDelete(new Request("http://site/list?edit=7"), pageUrl)(3)).toBe("/list?edit=7");
  });
  it("closes the editor when its record is the one deleted, whatever the id's type", () => {
    expect(listAfterDelete(new Request("http://site/list?edit=7"), pageUrl)(7)).toBe("/list");
    expect(listAfterDelete(new Request("http://site/list?edit=ab"), pageUrl)("ab")).toBe("/list");
  });
});

describe("loadListForEditing", () => {
  it("picks the record named by ?edit=", async () => {
    const { context } = contextAnswering(() => json({ tags: [{ id: 1 }, { id: 2 }] }));
    const loaded = await loadListForEditing(
      context,
      new Request("http://site/tags?edit=2"),
      "/tags",
      (answer: { tags: { id: number }[] }) => answer.tags,
    );
    expect(loaded).toEqual({ items: [{ id: 1 }, { id: 2 }], editing: { id: 2 }, error: null });
  });
  it("gives an empty list and the error when /api fails", async () => {
    const { context } = contextAnswering(() => json({ detail: "Database down", status_code: 503, errors: [] }, 503));
    expect(await loadListForEditing(context, new Request("http://site/tags"), "/tags")).toEqual({
      items: [],
      editing: null,
      error: "Database down",
    });
  });
});

describe("saveAction", () => {
  const saved = (): Promise<ApiResult<{ id: string }>> =>
    Promise.resolve({ ok: true, status: 200, data: { id: "new-id" }, headers: new Headers() });

  it("answers 400 with the field errors, without calling /api", async () => {
    let called = false;
    const answer = await saveAction(form({ name: "x" }), {
      intent: "save",
      schema: Schema,
      save: () => ((called = true), saved()),
      redirectTo: () => "/",
      message: "Saved",
    });
    const { data, status } = payloadOf(answer);
    expect(status).toBe(400);
    expect(data.intent).toBe("save");
    expect((data.result as { error: Record<string, string[]> }).error.name).toEqual(["Too short."]);
    expect(called).toBe(false);
  });

  it("answers a preview with the posted form, unsaved", async () => {
    let called = false;
    const answer = await saveAction(form({ name: "long enough" }), {
      intent: "preview",
      preview: true,
      schema: Schema,
      save: () => ((called = true), saved()),
      redirectTo: () => "/",
      message: "Saved",
    });
    expect(payloadOf(answer).data.intent).toBe("preview");
    expect(called).toBe(false);
  });

  it("puts /api's field errors on the form, with the page's extra fields", async () => {
    const answer = await saveAction(form({ name: "taken" }), {
      intent: "save",
      schema: Schema,
      save: async () => ({
        ok: false,
        status: 409,
        error: { detail: "Name taken", status_code: 409, errors: [{ field: "name", message: "Name taken" }] },
        headers: new Headers(),
      }),
      redirectTo: () => "/",
      message: "Saved",
      extra: { generated: null },
    });
    const { data, status } = payloadOf(answer);
    expect(status).toBe(409);
    expect(data.generated).toBeNull();
    expect((data.result as { error: Record<string, string[]> }).error.name).toEqual(["Name taken"]);
  });

  it("saves, runs onSaved and goes where the saved record says", async () => {
    let savedValue: unknown;
    let after = 0;
    const answer = await saveAction(form({ name: "fine" }), {
      intent: "save",
      schema: Schema,
      save: (value) => ((savedValue = value), saved()),
      onSaved: () => after++,
      redirectTo: (record, value) => `/list?edit=${record.id}&name=${value.name}`,
      message: ({ name }) => `Saved ${name}`,
    });
    expect(savedValue).toEqual({ name: "fine" });
    expect(after).toBe(1);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe("/list?edit=new-id&name=fine");
  });
});

describe("deleteAction", () => {
  const IdSchema = z.object({ id: z.string().min(1, "Required.") });

  it("only asks on the first post (intent delete): the page answers with the question, nothing deleted", async () => {
    const { context, calls } = contextAnswering(() => new Response(null, { status: 204 }));
    const answer = payloadOf(
      await deleteAction(context, form({ intent: "delete", id: "a b" }), {
        schema: IdSchema,
        apiPath: (id) => `/things/${id}`,
        redirectTo: () => "/things",
      }),
    );
    expect(answer.status).toBeUndefined();
    expect(answer.data).toMatchObject({ intent: "delete", confirmDelete: "a b" });
    expect(calls).toHaveLength(0);
  });

  it("deletes the record through /api on intent confirm-delete and goes back to the list", async () => {
    const { context, calls } = contextAnswering(() => new Response(null, { status: 204 }));
    let after = 0;
    const answer = await deleteAction(context, form({ intent: "confirm-delete", id: "a b" }), {
      schema: IdSchema,
      apiPath: (id) => `/things/${encodeURIComponent(id)}`,
      redirectTo: (id) => `/things?deleted=${id}`,
      onDeleted: () => after++,
    });
    expect(calls).toEqual([{ method: "DELETE", path: "/api/things/a%20b" }]);
    expect(after).toBe(1);
    expect((answer as Response).headers.get("location")).toBe("/things?deleted=a b");
  });

  it("answers 400 for a missing id and keeps /api's status on failure", async () => {
    const { context, calls } = contextAnswering(() => json({ detail: "Gone", status_code: 404, errors: [] }, 404));
    const options = {
      schema: IdSchema,
      apiPath: (id: string) => `/things/${id}`,
      redirectTo: () => "/things",
      extra: { sent: null },
    };
    const invalid = payloadOf(await deleteAction(context, form({ intent: "delete" }), options));
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({ intent: "delete", sent: null });
    expect(calls).toHaveLength(0);
    const failed = payloadOf(await deleteAction(context, form({ intent: "confirm-delete", id: "x" }), options));
    expect(failed.status).toBe(404);
    expect(failed.data.intent).toBe("confirm-delete");
  });

  it("answers an Undo offer, read before the delete, when the button's script asks for one", async () => {
    const { context, calls } = contextAnswering(() => new Response(null, { status: 204 }));
    const options = {
      schema: IdSchema,
      apiPath: (id: string) => `/things/${id}`,
      redirectTo: () => "/things",
      undo: async (id: string) => {
        expect(calls).toHaveLength(0);
        return { name: `thing ${id}` };
      },
    };
    const offered = payloadOf(
      await deleteAction(context, form({ intent: "confirm-delete", id: "7", undoable: "1" }), options),
    );
    expect(offered.data).toMatchObject({
      intent: "confirm-delete",
      undo: { fields: { name: "thing 7" }, message: "Completed successfully!" },
    });
    expect(calls).toEqual([{ method: "DELETE", path: "/api/things/7" }]);
    // Without the script (the question's own Delete button) the list comes back with the message instead.
    const plain = await deleteAction(context, form({ intent: "confirm-delete", id: "8" }), options);
    expect((plain as Response).headers.get("location")).toBe("/things");
  });
});

describe("held deletes", () => {
  const IdSchema = z.object({ id: z.string().min(1, "Required.") });
  const HOLD = "0b5e1c9a-2f4d-4c3b-9a8e-7d6f5e4d3c2b";

  it("offers Undo with only the hold's id that the /api delete answered, when the script asks", async () => {
    const { context } = contextAnswering(() => json({ number: 1, hold_id: HOLD, password_hash: "never shown" }));
    const options = { schema: IdSchema, apiPath: (id: string) => `/things/${id}`, redirectTo: () => "/things" };
    const offered = payloadOf(
      await deleteAction(context, form({ intent: "confirm-delete", id: "7", undoable: "1" }), {
        ...options,
        held: true,
      }),
    );
    expect(offered.data.undo).toEqual({ fields: { hold_id: HOLD }, message: "Completed successfully!" });
    const withoutScript = await deleteAction(context, form({ intent: "confirm-delete", id: "7" }), {
      ...options,
      held: true,
    });
    expect((withoutScript as Response).headers.get("location")).toBe("/things");
    const notHeld = await deleteAction(context, form({ intent: "confirm-delete", id: "7", undoable: "1" }), options);
    expect((notHeld as Response).headers.get("location")).toBe("/things");
  });

  it("restores through /api and goes to the list; a refused restore answers /api's status and message", async () => {
    const { context, calls } = contextAnswering(() => json({ resource: "api_key", id: "k1" }));
    const restored = await restoreHeldAction(context, form({ intent: "restore", hold_id: HOLD }), {
      redirectTo: "/things",
      failed: { intent: "restore", result: null },
    });
    expect(calls).toEqual([{ method: "POST", path: `/api/v1/admin/deleted/${HOLD}/restore` }]);
    expect((restored as Response).headers.get("location")).toBe("/things");

    const gone = contextAnswering(() =>
      json({ detail: "This delete was undone already.", status_code: 410, errors: [] }, 410),
    );
    const refused = payloadOf(
      await restoreHeldAction(gone.context, form({ intent: "restore", hold_id: HOLD }), {
        redirectTo: "/things",
        failed: { intent: "restore", result: null },
      }),
    );
    expect(refused).toEqual({
      status: 410,
      data: { intent: "restore", result: null, restoreError: "This delete was undone already." },
    });

    const invalid = contextAnswering(() => json({}));
    const badHold = payloadOf(
      await restoreHeldAction(invalid.context, form({ intent: "restore", hold_id: "../users" }), {
        redirectTo: "/things",
        failed: { intent: "restore", result: null },
      }),
    );
    expect(badHold.status).toBe(400);
    expect(invalid.calls).toHaveLength(0);
  });
});
