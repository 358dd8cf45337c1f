// Admin people and integrations, each test with JavaScript on and off.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { actBeforeHydration, confirmDeleteWithoutJavaScript, expect, holdRequests, signIn, test } from "./fixtures";

/** Conform, which the admin forms hydrate with. */
const CONFORM_CHUNK = /\/assets\/conform-form-state-[\w-]+\.js$/;

const unique = () => randomBytes(3).toString("hex");

/** The image lab's hint of the chosen model, which the form marks once it has hydrated. */
const chosenModelHint = (page: Page) => page.getByRole("listitem").and(page.locator('[aria-current="true"]'));

/** Opens the "Create a user" disclosure and creates a user through the form. */
async function createUserWithForm(page: Page, email: string, password = "a fine passphrase") {
  await page.goto("/admin/common/users/");
  await page.getByText("Create a user").click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByTestId(`user-row-${email}`)).toBeVisible();
}

test.describe("admin users", () => {
  test("lists users with the total, creates one, toggles its spark e-mail and admin rights, and deletes it", async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    const email = `person-${unique()}@example.com`;
    await createUserWithForm(page, email);
    await expect(page.getByRole("heading", { name: /^Admin: Users \(total \d+\)$/ })).toBeVisible();
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row.getByRole("link", { name: email, exact: true })).toHaveAttribute(
      "href",
      /\/admin\/common\/users\/[0-9a-f-]{36}$/,
    );
    await expect(row.getByRole("link", { name: `Change PWD of ${email}` })).toHaveAttribute(
      "href",
      /\/admin\/common\/users\/change_pwd\?user_id=[0-9a-f-]{36}$/,
    );
    await expect(row.getByLabel("Admin: no")).toHaveText("N");

    await row.getByRole("button", { name: `Mark verified: ${email}` }).click();
    await expect(row.getByText("verified", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Mark unverified: ${email}` }).click();
    await expect(row.getByText("not verified")).toBeVisible();

    await row.getByRole("button", { name: `Grant admin: ${email}` }).click();
    await expect(row.getByLabel("Admin: yes")).toHaveText("Y");
    await row.getByRole("button", { name: `Revoke admin: ${email}` }).click();
    await expect(row.getByLabel("Admin: no")).toHaveText("N");

    await row.getByRole("button", { name: `Delete ${email}` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(page.getByTestId(`user-row-${email}`)).toHaveCount(0);
  });

  test("shows a Firebase error in red above the table and offers no self-delete or self-demotion", async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    const email = `fb-${unique()}@example.com`;
    await createUserWithForm(page, email);
    await page
      .getByTestId(`user-row-${email}`)
      .getByRole("button", { name: `Create Firebase user for ${email}` })
      .click();
    await expect(page.getByRole("alert").filter({ hasText: "Firebase is not configured" })).toBeVisible();
    const me = page.getByTestId("user-row-admin@example.com");
    await expect(me.getByText("(you)")).toBeVisible();
    await expect(me.getByRole("button", { name: /Delete|Revoke admin/ })).toHaveCount(0);
  });

  test("refuses an invalid new user with field errors", async ({ page, signInAsAdmin, javaScriptEnabled }) => {
    await signInAsAdmin();
    await page.goto("/admin/common/users/");
    await page.getByText("Create a user").click();
    await page.getByLabel("Email").fill(`short-${unique()}@example.com`);
    await page.getByLabel("Password").fill("short");
    if (!javaScriptEnabled) await page.locator("#create-user").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Create user" }).click();
    if (javaScriptEnabled) await page.getByLabel("Email").focus();
    await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
  });

  test("checks the form in the browser, without posting it, once its checks have loaded", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the browser's checks need JavaScript");
    await signInAsAdmin();
    // Conform and the form's zod check load after the page, the check (with Conform's zod adapter, the chunk named
    // after its module v4.mjs) when the browser is idle.
    const checkLoaded = page.waitForResponse((response) => /\/assets\/v4-[\w-]+\.js$/.test(response.url()));
    await page.goto("/admin/common/users/");
    await checkLoaded;
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByText("Create a user").click();
    await page.getByLabel("Email").fill(`short-${unique()}@example.com`);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create user" }).click();
    await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("opens a user's detail page and changes the password, ending the user's sessions", async ({
    page,
    browser,
    signInAsAdmin,
  }) => {
    const email = `pwd-${unique()}@example.com`;
    await signInAsAdmin();
    await createUserWithForm(page, email, "the first passphrase");

    // The user signs in elsewhere; that session must end.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const userPage = await other.newPage();
    await signIn(userPage, { email, password: "the first passphrase" });
    expect((await (await userPage.request.get("/api/auth/session")).json()).user.email).toBe(email);

    await page.getByTestId(`user-row-${email}`).getByRole("link", { name: email, exact: true }).click();
    await expect(page.getByRole("heading", { name: `User ${email}` })).toBeVisible();
    await expect(page.getByRole("cell", { name: "spark", exact: true })).toBeVisible();
    await expect(page.getByRole("table").nth(1).getByRole("row")).toHaveCount(2);

    await page.getByRole("link", { name: "Change PWD" }).click();
    await expect(page.getByText(`New password for ${email}`)).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("the second passphrase");
    await page.getByLabel("Repeat the new password").fill("the second passphrase");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page).toHaveURL(/\/admin\/common\/users\/$/);

    expect((await (await userPage.request.get("/api/auth/session")).json()).user).toBeNull();
    const relogin = await userPage.request.post("/api/auth/login", {
      data: { email, password: "the second passphrase" },
    });
    expect(relogin.status()).toBe(200);
    await other.close();
  });

  test("non-admins are sent home and visitors to sign-in", async ({ page, signInAsUser }) => {
    await page.goto("/admin/common/users/");
    await expect(page).toHaveURL(/\/account\/login\?callbackUrl=%2Fadmin%2Fcommon%2Fusers%2F/);
    await signInAsUser();
    await page.goto("/admin/common/api_keys");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("admin API keys", () => {
  test("creates, edits, resets and deletes keys; validation and the session block", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/common/api_keys");
    const name = `SVC_${unique()}`;
    await page.getByLabel("Service Name").fill("abc");
    await page.getByLabel("API Key", { exact: true }).fill("short");
    if (!javaScriptEnabled)
      await page.locator("form#api-key-form-plain").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Service name must be at least 6 characters.")).toBeVisible();
    await expect(page.getByText("API key must be at least 10 characters.")).toBeVisible();

    await page.getByLabel("Service Name").fill(name);
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByLabel("API Key", { exact: true })).toHaveValue(/^[\w-]{43}$/);
    await expect(page.getByLabel("Service Name")).toHaveValue(name);
    const key = await page.getByLabel("API Key", { exact: true }).inputValue();
    await page.getByRole("button", { name: "Create" }).click();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toBeVisible();
    // Listed as a prefix: the key is in neither the HTML nor the hydration data.
    await expect(row.getByTestId("api-key")).toHaveText(`${key.slice(0, 6)}…`);
    expect(await page.content()).not.toContain(key);
    await expect(row.getByText("Me", { exact: true })).toBeVisible();
    if (javaScriptEnabled) await expect(page.getByText("API Key saved successfully!")).toBeVisible();
    // Saved, the form starts over: the Edit below must fill it, not find Create's values still there.
    await expect(page.getByLabel("Service Name")).toHaveValue("");

    // Edit fills the form; Reset clears it but keeps the row selected (still Save).
    await row.getByRole("link", { name: `Edit key ${name}` }).click();
    await expect(page.getByLabel("Service Name")).toHaveValue(name);
    // Never pre-filled with the saved key: left empty, Save keeps it.
    await expect(page.getByLabel("API Key", { exact: true })).toHaveValue("");
    await expect(page.getByText("Leave empty to keep the saved key.")).toBeVisible();
    expect(await page.content()).not.toContain(key);
    await page.getByRole("link", { name: "Reset" }).click();
    await expect(page.getByLabel("Service Name")).toHaveValue("");
    await expect(page.getByLabel("API Key", { exact: true })).toHaveValue("");
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
    await page.getByLabel("Service Name").fill(`${name}_V2`);
    await page.getByLabel("API Key", { exact: true }).fill(`${key}-v2`);
    await page.getByRole("button", { name: "Save" }).click();
    const edited = page.getByRole("row").filter({ hasText: `${name}_V2` });
    await expect(edited.getByTestId("api-key")).toHaveText(`${key.slice(0, 6)}…`);
    // Reveal posts for that one key and shows it in full in the answer (the way to see it without JavaScript).
    await edited.getByRole("button", { name: `Reveal key ${name}_V2` }).click();
    await expect(edited.getByTestId("api-key")).toHaveText(`${key}-v2`);

    // The session block: a short prefix of the token; copy (fetched on click) or Reveal gives the whole token.
    await expect(page.getByTestId("session-token")).toHaveText(/^[\w-]{8}…$/);
    const prefix = (await page.getByTestId("session-token").innerText()).slice(0, 8);
    expect(await page.content()).not.toMatch(new RegExp(`${prefix.replace(/[-]/g, "\\-")}[\\w-]{35}`));
    await page.getByRole("button", { name: "Reveal session token" }).click();
    await expect(page.getByTestId("session-token")).toHaveText(/^[\w-]{43}$/);
    const revealedToken = await page.getByTestId("session-token").innerText();
    expect(revealedToken.startsWith(prefix)).toBe(true);
    const asBearer = await page.request.get("/api/auth/session", {
      headers: { authorization: `Bearer ${revealedToken}` },
    });
    expect(((await asBearer.json()) as { user: unknown }).user).not.toBeNull();
    if (javaScriptEnabled) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await edited.getByRole("button", { name: `Copy key ${name}_V2` }).click();
      await expect(edited.getByRole("button", { name: `Copy key ${name}_V2: copied` })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${key}-v2`);
      await expect(edited.getByRole("button", { name: `Copy key ${name}_V2` })).toBeVisible({ timeout: 4_000 });
      await page.getByRole("button", { name: "Copy session token" }).click();
      await expect(page.getByRole("button", { name: "Copy session token: copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(revealedToken);
    }

    await edited.getByRole("button", { name: `Delete key ${name}_V2` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(page.getByRole("row").filter({ hasText: `${name}_V2` })).toHaveCount(0);
  });

  test("refuses a weak key, generates one beside the field, and grants and narrows scopes", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    // Two saves, a refusal and a Generate, each a page load without JavaScript.
    test.slow();
    await signInAsAdmin();
    await page.goto("/admin/common/api_keys");
    const name = `SCOPED_${unique()}`;
    const keyField = page.getByLabel("API Key", { exact: true });
    await page.getByLabel("Service Name").fill(name);
    await keyField.fill("1111111111");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText(/API key is too easy to guess: about \d+ bits of entropy, at least 64/)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

    // The generator is beside the field: on its line, to its right.
    const generate = page.getByRole("button", { name: "Generate" });
    const [fieldBox, buttonBox] = [await keyField.boundingBox(), await generate.boundingBox()];
    expect(buttonBox!.x).toBeGreaterThan(fieldBox!.x + fieldBox!.width - 1);
    expect(Math.abs(buttonBox!.y + buttonBox!.height / 2 - (fieldBox!.y + fieldBox!.height / 2))).toBeLessThan(8);
    // A new key may only upload reports unless the administrator ticks more.
    await expect(page.getByRole("checkbox", { name: /reports:upload/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /kv:read/ })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: /kv:write/ })).not.toBeChecked();
    await page.getByRole("checkbox", { name: /kv:read/ }).check();
    await generate.click();
    await expect(keyField).toHaveValue(/^[\w-]{43}$/);
    // Without JavaScript Generate posted the form: what was ticked comes back ticked.
    await expect(page.getByRole("checkbox", { name: /kv:read/ })).toBeChecked();
    const key = await keyField.inputValue();
    await page.getByRole("button", { name: "Create" }).click();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByRole("list", { name: `Scopes of ${name}` }).getByRole("listitem")).toHaveText([
      "reports:upload",
      "kv:read",
    ]);
    const kv = (method: "get" | "put") =>
      page.request[method](`/api/v1/kv/${name}`, { headers: { "x-api-key": key }, data: { value: "x" } });
    expect((await kv("get")).status()).toBe(404);
    expect((await kv("put")).status()).toBe(403);

    // Narrowed to nothing: the row says so, and the key reads no more.
    await row.getByRole("link", { name: `Edit key ${name}` }).click();
    await expect(page.getByRole("checkbox", { name: /kv:read/ })).toBeChecked();
    await page.getByRole("checkbox", { name: /reports:upload/ }).uncheck();
    await page.getByRole("checkbox", { name: /kv:read/ }).uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(row.getByText("No scopes: this key can do nothing.")).toBeVisible();
    expect((await kv("get")).status()).toBe(403);
    if (javaScriptEnabled) await expect(page.getByText("API Key saved successfully!").last()).toBeVisible();
  });

  test("offers no delete for one's own SPARK_API key", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/admin/common/api_keys");
    const rows = page.getByRole("row").filter({ hasText: "SPARK_API" });
    if ((await rows.count()) === 0) {
      await page.getByLabel("Service Name").fill("SPARK_API");
      await page.getByLabel("API Key", { exact: true }).fill(`spark-${unique()}-${unique()}`);
      await page.getByRole("button", { name: "Create" }).click();
    }
    const spark = page.getByRole("row").filter({ hasText: "SPARK_API" }).first();
    await expect(spark.getByRole("link", { name: "Edit key SPARK_API" })).toBeVisible();
    await expect(spark.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  });
});

test.describe("admin email config", () => {
  test("connects a Gmail account through the OAuth flow, lists and deletes it", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/common/email_config");
    await expect(page.getByRole("heading", { name: "Email Config" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Connect" })).toHaveAttribute("href", "/auth/admin/gmail/connect");
    // The other project runs this test at the same time: each connects its own account (login_hint).
    const account = `sender-${unique()}@example.com`;
    await page.goto(`/auth/admin/gmail/connect?login_hint=${encodeURIComponent(account)}`);
    await expect(page).toHaveURL(/\/admin\/common\/email_config$/);
    const row = page.getByRole("row").filter({ hasText: account });
    await expect(row).toBeVisible();
    // The message came with the page, so it stays in the page once React runs (the notification area is there): a
    // notice that went at hydration would move the page under a tap in progress.
    const connected = page.getByRole("status").filter({ hasText: `Connected ${account}.` });
    await expect(connected).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.getByRole("region", { name: /Notifications/ })).toBeAttached();
      await expect(connected).toBeVisible();
      await expect(page.getByRole("region", { name: /Notifications/ }).getByText(`Connected ${account}.`)).toHaveCount(
        0,
      );
    }
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    await expect(page.getByTestId("email-sender")).toHaveText(/^sender-[0-9a-f]{6}@example\.com$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "gmail_connect_flow")).toBeUndefined();
    await row.getByRole("button", { name: `Delete connected session ${account}` }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(page.getByRole("row").filter({ hasText: account })).toHaveCount(0);
  });

  test("a callback without its flow cookie is refused with a clear message", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/auth/admin/gmail/connect?code=forged&state=forged");
    await expect(page).toHaveURL(/\/admin\/common\/email_config$/);
    await expect(
      page.getByText("No connected sessions.").or(page.getByRole("row").filter({ hasText: "@example.com" }).first()),
    ).toBeVisible();
  });

  test("sends a test mail, or says clearly why it cannot", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/admin/common/email_config");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("admin@example.com");
    await page.getByRole("button", { name: "Send test mail" }).click();
    // No SMTP_URL in the suite; a connected account (the test above, in parallel) points at a closed port.
    await expect(
      page.getByRole("alert").filter({ hasText: /Mail is not configured|Sending through Gmail as .* failed/ }),
    ).toBeVisible();
  });
});

test.describe("image-generation lab", () => {
  test("generates images with the shipped host and lists, filters and deletes them in the history", async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/labs/flux/");
    const prompt = `a lighthouse ${unique()}`;
    await expect(page.getByLabel("Host")).toHaveValue(/\/image-host$/);
    await expect(page.getByLabel("Steps")).toHaveValue("30");
    // The saved image-host key is never the value of the password input, nor anywhere in the page.
    const savedKey = ((await (await page.request.get("/api/v1/admin/img_gen/config")).json()) as { api_key: string })
      .api_key;
    await expect(page.getByLabel("API key")).toHaveValue("");
    await expect(page.getByText("Leave empty to keep the saved key.")).toBeVisible();
    expect(await page.content()).not.toContain(savedKey);
    await page.getByLabel("Prompt").fill(`${prompt}\n\n${prompt} at night\n`);
    await page.getByLabel("Echo data (JSON, optional)").fill('{"note":"e2e"}');
    await page.getByRole("button", { name: "Generate" }).click();
    const results = page
      .getByRole("region", { name: "Results" })
      .or(page.locator("section[aria-labelledby=flux-results-title]"));
    await expect(results.getByRole("img", { name: prompt, exact: true })).toHaveAttribute("width", "360");
    await expect(results.getByRole("img")).toHaveCount(2);

    await page.getByRole("link", { name: "History" }).click();
    await expect(page.getByRole("img", { name: prompt, exact: true })).toHaveAttribute("width", "512");
    await page.getByLabel("By requestor").check();
    await page.getByLabel("requestor_id").fill("");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert")).toHaveText("requestor_id is not provided!");
    await page.getByLabel("requestor_id").fill("flux_lab");
    await page.getByRole("button", { name: "Show" }).click();
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("img", { name: `${prompt} at night`, exact: true }) });
    await expect(card.getByText('"note":"e2e"')).toBeVisible();
    await card.getByRole("button", { name: /^Delete job/ }).click();
    await confirmDeleteWithoutJavaScript(page);
    await expect(page.getByRole("img", { name: `${prompt} at night`, exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/mode=requestor&requestor_id=flux_lab/);
  });

  test("keeps what was typed into the form while its code was on the way", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing hydrates");
    await signInAsAdmin();
    // Conform, which the form hydrates with, is held back until the prompt has been typed over.
    await actBeforeHydration(page);
    const release = await holdRequests(page, CONFORM_CHUNK);
    await page.goto("/admin/labs/flux/");
    await page.getByLabel("Prompt").fill("A lighthouse typed before the form hydrated");
    const generate = page.getByRole("button", { name: "Generate" });
    await expect(chosenModelHint(page), "not hydrated yet: Conform is held").toHaveCount(0);
    const before = await generate.boundingBox();
    release();
    // Hydrated, the form marks the chosen model's hint among every model's, and nothing in it has moved.
    await expect(chosenModelHint(page)).toHaveText(/^FLUX\.1-dev: /);
    expect(await generate.boundingBox()).toEqual(before);
    await expect(page.getByLabel("Prompt")).toHaveValue("A lighthouse typed before the form hydrated");
    await page.getByLabel("Model").selectOption({ label: "FLUX.1-schnell" });
    await expect(chosenModelHint(page)).toHaveText("FLUX.1-schnell: Fast model: few steps are enough.");
  });

  test("keeps what was typed while the form was hydrating", async ({ page, signInAsAdmin, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing hydrates");
    await signInAsAdmin();
    // Hydration yields to the browser between components, so a visitor can type after the form has rendered and
    // before React reaches the prompt. React sets a hydrating textarea's default text just before it puts that text
    // back as the value: the typing is simulated at that moment.
    await page.addInitScript(() => {
      const defaultValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "defaultValue")!;
      let typed = false;
      Object.defineProperty(HTMLTextAreaElement.prototype, "defaultValue", {
        ...defaultValue,
        set(this: HTMLTextAreaElement, text: string) {
          if (!typed && this.name === "prompt" && document.readyState !== "loading") {
            typed = true;
            this.value = "A harbour typed while the form hydrated";
            this.dispatchEvent(new Event("input", { bubbles: true }));
          }
          defaultValue.set!.call(this, text);
        },
      });
    });
    await page.goto("/admin/labs/flux/");
    await expect(chosenModelHint(page)).toHaveText(/^FLUX\.1-dev: /);
    await expect(page.getByLabel("Prompt")).toHaveValue("A harbour typed while the form hydrated");
  });

  test("keeps the text selected in a field while the form hydrated", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing hydrates");
    await signInAsAdmin();
    await actBeforeHydration(page);
    const release = await holdRequests(page, CONFORM_CHUNK);
    await page.goto("/admin/labs/flux/");
    // The visitor selects the prefilled prompt to type over it; the form hydrates before the first key.
    await page.getByLabel("Prompt").evaluate((prompt: HTMLTextAreaElement) => {
      prompt.focus();
      prompt.select();
    });
    release();
    await expect(chosenModelHint(page)).toHaveText(/^FLUX\.1-dev: /);
    await page.keyboard.insertText("A harbour at noon");
    await expect(page.getByLabel("Prompt")).toHaveValue("A harbour at noon");
  });

  // "API Key not found!" is the API's answer to a request without a key (server/api/routes/admin/flux.test.ts):
  // on this page an empty field means the saved key.
  test("validates the form: no prompt, bad echo data; never echoes the saved key", async ({
    page,
    signInAsAdmin,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/labs/flux/");
    const savedKey = ((await (await page.request.get("/api/v1/admin/img_gen/config")).json()) as { api_key: string })
      .api_key;
    await page.getByLabel("Prompt").fill("\n   \n");
    await page.getByLabel("Echo data (JSON, optional)").fill("{not json");
    if (!javaScriptEnabled) await page.locator("form#flux").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByText("No prompt input found!")).toBeVisible();
    await expect(page.getByText("Echo data must be valid JSON.")).toBeVisible();
    await expect(page.getByLabel("API key")).toHaveValue("");
    expect(await page.content()).not.toContain(savedKey);
  });
});
