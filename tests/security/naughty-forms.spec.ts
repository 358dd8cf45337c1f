// Naughty strings through every form of every page, as the administrator, on a server of its own (so
// the strange data it saves cannot disturb other tests): never a 500, and every page still renders afterwards.
import { expect, test } from "../fixtures";
import { signInCookie, startServer, type ServerProcess } from "../faults/support";
import { pageRoutes } from "./route-inventory";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "posts forms over HTTP; runs in the js project");

const NAUGHTY_FORM_VALUES = [
  "",
  "\u0000",
  "a\u0000b",
  "\u0001\u0008\u001b[31m\u007f",
  "\r\n\r\nSet-Cookie: injected=1",
  "\ud800",
  "\u202etxt.exe",
  "👩‍👩‍👧‍👦 Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  "__proto__",
  "-1",
  "NaN",
  "9".repeat(400),
  "x".repeat(100_000),
];

interface FormShape {
  action: string;
  fields: { name: string; type: string; value: string; options: string[] }[];
}

// One server for the whole file: its tests run in one worker, in order.
test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let cookie: string;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer({ SEED_DEMO: "1" });
  cookie = await signInCookie(server.url);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A crash is a 500, or another 5xx that does not say what went wrong. */
function isCrash(status: number, body: string): boolean {
  if (status < 500) return false;
  return !([502, 503, 504].includes(status) && body.length > 0 && !/internal server error/i.test(body));
}

test("every form field of every page takes naughty strings without a 500; every page renders afterwards", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const [name, value] = cookie.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: server.url }]);
  const failures: string[] = [];
  let posts = 0;
  // A resource route has no form, and a browser takes an export (an attachment) as a download, not a page.
  const routes = pageRoutes().filter((route) => !route.resource);
  for (const route of routes) {
    const response = await page.goto(`${server.url}${route.url}`);
    if (!response || response.status() >= 400) continue;
    const forms = await page.$$eval("form", (elements) =>
      elements
        .filter((form) => (form.getAttribute("method") ?? "get").toLowerCase() === "post")
        .map((form) => ({
          action: form.action,
          fields: [
            ...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement>(
              "input[name], textarea[name], select[name], button[name]",
            ),
          ].map((field) => ({
            name: field.name,
            type:
              field instanceof HTMLSelectElement
                ? "select"
                : field instanceof HTMLTextAreaElement
                  ? "textarea"
                  : field instanceof HTMLButtonElement
                    ? "submit"
                    : field.type,
            value: field.value,
            options: field instanceof HTMLSelectElement ? [...field.options].map((o) => o.value) : [],
          })),
        })),
    );
    for (const form of forms as FormShape[]) {
      // Signing out would end the session the rest of the test needs.
      if (new URL(form.action).pathname.startsWith("/account/logout")) continue;
      // Each intent button is its own action (several actions on one route).
      const intents = [...new Set(form.fields.filter((f) => f.name === "intent").map((f) => f.value))];
      for (const naughty of NAUGHTY_FORM_VALUES) {
        const data: Record<string, string> = {};
        for (const field of form.fields) {
          if (field.type === "submit") continue;
          if (field.type === "hidden") data[field.name] = field.value;
          else if (field.type === "select") data[field.name] = field.options[0] ?? naughty;
          else if (field.type === "checkbox" || field.type === "radio") data[field.name] = field.value;
          else data[field.name] = naughty;
        }
        for (const intent of intents.length ? intents : [undefined]) {
          if (intent !== undefined) data.intent = intent;
          const posted = await page.request.post(form.action, {
            form: data,
            headers: { origin: server.url },
            maxRedirects: 0,
          });
          posts += 1;
          const body = await posted.text();
          if (isCrash(posted.status(), body))
            failures.push(
              `${route.url} → POST ${new URL(form.action).pathname} ` +
                `[${Object.keys(data).join(",")}] = ${JSON.stringify(naughty).slice(0, 30)}: ` +
                `${posted.status()}`,
            );
        }
      }
    }
  }
  for (const route of routes) {
    const response = await page.request.get(`${server.url}${route.url}`, { maxRedirects: 0 });
    if (isCrash(response.status(), await response.text()))
      failures.push(`GET ${route.url} afterwards: ${response.status()}`);
  }
  console.info(`[naughty forms] ${posts} form posts over ${routes.length} pages`);
  expect(failures.join("\n")).toBe("");
});
