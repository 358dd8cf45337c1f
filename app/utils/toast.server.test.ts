import { describe, expect, test } from "vitest";
import { failureToast } from "./api-feedback.server";
import { dataWithSuccess, flashMiddleware, readToast, takePendingFlash } from "./toast.server";

const middlewareArgs = {} as Parameters<typeof flashMiddleware>[0];

/** Runs the root's flash middleware around `next`, which stands for the rest of the request. */
async function throughMiddleware(next: () => Promise<Response>): Promise<Response> {
  return (await flashMiddleware(middlewareArgs, next)) as Response;
}

function toastCookieOf(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
}

describe("a message of an action that answers with data", () => {
  test("is shown by the page of the same request and leaves no cookie for the next page", async () => {
    const response = await throughMiddleware(async () => {
      dataWithSuccess({ jobs: [] }, "Generated 1 image.");
      // The root loader of the page rendered after the action, in the same request.
      return Response.json({ toast: takePendingFlash() ?? null });
    });
    expect(await response.json()).toEqual({ toast: { type: "success", message: "Generated 1 image." } });
    expect(toastCookieOf(response)).toBeUndefined();
  });

  test("leaves in the toast cookie when no page was rendered (a client-side action request), read once", async () => {
    const response = await throughMiddleware(async () => {
      dataWithSuccess({ jobs: [] }, "Generated 1 image.");
      return Response.json({ jobs: [] });
    });
    const cookie = toastCookieOf(response);
    expect(cookie).toBeDefined();
    const revalidation = new Request("http://localhost/admin/labs/flux", {
      headers: { cookie: cookie!.split(";")[0]! },
    });
    const { toast, headers } = await readToast(revalidation);
    expect(toast).toMatchObject({ type: "success", message: "Generated 1 image." });
    // Reading answers a cookie without the message, so the page after it shows none.
    const cleared = headers?.get("set-cookie")?.split(";")[0] ?? "";
    const next = await readToast(new Request("http://localhost/", { headers: { cookie: cleared } }));
    expect(next.toast).toBeUndefined();
  });

  test("a failed /api call answers its page's data with the status and sets no flash message", async () => {
    const response = await throughMiddleware(async () => {
      const answer = failureToast(
        { error: "Firebase is not configured" },
        {
          detail: "Firebase is not configured",
          status_code: 503,
          errors: [],
        },
      );
      expect(answer.init?.status).toBe(503);
      expect(new Headers(answer.init?.headers).get("set-cookie")).toBeNull();
      return Response.json({ toast: takePendingFlash() ?? null });
    });
    expect(await response.json()).toEqual({ toast: null });
    expect(toastCookieOf(response)).toBeUndefined();
  });
});
