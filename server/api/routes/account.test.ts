import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(async () => {
  await h.close();
});

async function signInAgain(email: string, password: string, clientIp = "198.51.100.20"): Promise<string> {
  const response = await h.request("/auth/login", { method: "POST", json: { email, password }, clientIp });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionToken: string }).sessionToken;
}

async function isSignedIn(token: string): Promise<boolean> {
  return (await (await h.request("/auth/session", { token })).json()).user !== null;
}

describe("/api/user", () => {
  it("needs a session", async () => {
    expect((await h.request("/user/profile")).status).toBe(401);
    expect((await h.request("/user/update", { method: "POST", json: { name: "x" } })).status).toBe(401);
    expect(
      (await h.request("/user/password", { method: "POST", json: { current_password: "a", new_password: "bbbbbbbb" } }))
        .status,
    ).toBe(401);
    expect((await h.request("/user/sessions/sign-out-others", { method: "POST" })).status).toBe(401);
  });

  it("answers the profile with roles, dates and the count of other sessions", async () => {
    const { token, email, password, userId } = await h.signIn({ admin: true });
    await signInAgain(email, password);
    const profile = await (await h.request("/user/profile", { token })).json();
    expect(profile).toMatchObject({
      id: userId,
      email,
      name: null,
      roles: ["admin"],
      avatar: null,
      email_verified: false,
      other_sessions: 1,
    });
    expect(new Date(profile.created_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(profile.last_login_time).not.toBeNull();
    expect(profile.last_login_ip).toBe("198.51.100.20");
  });

  it("changes and clears the display name, and validates it", async () => {
    const { token } = await h.signIn();
    const updated = await h.request("/user/update", { method: "POST", json: { name: "  Ada Lovelace  " }, token });
    expect(updated.status).toBe(200);
    expect((await updated.json()).name).toBe("Ada Lovelace");
    expect((await (await h.request("/auth/session", { token })).json()).user.name).toBe("Ada Lovelace");

    const cleared = await h.request("/user/update", { method: "POST", json: { name: "" }, token });
    expect((await cleared.json()).name).toBeNull();

    const long = await h.request("/user/update", { method: "POST", json: { name: "x".repeat(101) }, token });
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toEqual([{ field: "name", message: "Name must be at most 100 characters." }]);
    const twoLines = await h.request("/user/update", { method: "POST", json: { name: "a\nb" }, token });
    expect(twoLines.status).toBe(400);
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    const { token, email, password } = await h.signIn();
    const other = await signInAgain(email, password);

    const wrong = await h.request("/user/password", {
      method: "POST",
      json: { current_password: "not it at all", new_password: "a brand new passphrase" },
      token,
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual([
      { field: "current_password", message: "The current password is not correct." },
    ]);
    expect(await isSignedIn(other)).toBe(true);

    const same = await h.request("/user/password", {
      method: "POST",
      json: { current_password: password, new_password: password },
      token,
    });
    expect((await same.json()).errors[0].field).toBe("new_password");
    const common = await h.request("/user/password", {
      method: "POST",
      json: { current_password: password, new_password: "password123" },
      token,
    });
    expect((await common.json()).errors).toEqual([{ field: "new_password", message: "This password is too common." }]);
    const short = await h.request("/user/password", {
      method: "POST",
      json: { current_password: password, new_password: "short" },
      token,
    });
    expect((await short.json()).errors).toEqual([
      { field: "new_password", message: "Password must be at least 8 characters." },
    ]);

    const changed = await h.request("/user/password", {
      method: "POST",
      json: { current_password: password, new_password: "a brand new passphrase" },
      token,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ ok: true, signed_out_sessions: 1 });
    expect(await isSignedIn(token)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);

    const oldLogin = await h.request("/auth/login", {
      method: "POST",
      json: { email, password },
      clientIp: "198.51.100.21",
    });
    expect(oldLogin.status).toBe(401);
    await signInAgain(email, "a brand new passphrase");
  });

  it("limits password attempts per user", async () => {
    const { token } = await h.signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await h.request("/user/password", {
        method: "POST",
        json: { current_password: `guess ${i}`, new_password: "another passphrase" },
        token,
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("signs out of every other session and keeps this one", async () => {
    const { token, email, password } = await h.signIn();
    const second = await signInAgain(email, password);
    const third = await signInAgain(email, password);
    const response = await h.request("/user/sessions/sign-out-others", { method: "POST", token });
    expect(await response.json()).toEqual({ ok: true, signed_out_sessions: 2 });
    expect(await isSignedIn(token)).toBe(true);
    expect(await isSignedIn(second)).toBe(false);
    expect(await isSignedIn(third)).toBe(false);
    expect((await (await h.request("/user/profile", { token })).json()).other_sessions).toBe(0);
  });
});
