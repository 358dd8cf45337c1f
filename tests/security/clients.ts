// HTTP clients for the security tests: a visitor, a fresh signed-in user and the administrator, each with its
// own cookie jar, signed in through the real sign-in form.
import { randomBytes } from "node:crypto";
import { request, type APIRequestContext } from "@playwright/test";
import { createUserAsAdmin, E2E_ADMIN, expect } from "../fixtures";

export interface Clients {
  visitor: APIRequestContext;
  user: APIRequestContext;
  admin: APIRequestContext;
  dispose(): Promise<void>;
}

export async function signedInClient(
  baseURL: string,
  credentials: { email: string; password: string },
): Promise<APIRequestContext> {
  const client = await request.newContext({ baseURL });
  const response = await client.post("/account/login", {
    form: { email: credentials.email, password: credentials.password, callbackUrl: "/" },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${credentials.email}`).toBe(302);
  return client;
}

export async function newUserCredentials(baseURL: string) {
  const credentials = {
    email: `sec-${randomBytes(4).toString("hex")}@example.com`,
    password: "security test password 1",
  };
  const client = await request.newContext({ baseURL });
  await createUserAsAdmin(client, credentials);
  await client.dispose();
  return credentials;
}

export async function openClients(baseURL: string): Promise<Clients> {
  const visitor = await request.newContext({ baseURL });
  const user = await signedInClient(baseURL, await newUserCredentials(baseURL));
  const admin = await signedInClient(baseURL, E2E_ADMIN);
  return {
    visitor,
    user,
    admin,
    async dispose() {
      await Promise.all([visitor.dispose(), user.dispose(), admin.dispose()]);
    },
  };
}
