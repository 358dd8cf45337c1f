// npm run screenshots [-- --no-build] [-- --only=home,contact]
//
// Every page of the site at 390 px (a phone) and 1280 px, in the light and the dark theme, as full-page PNGs in
// screenshots/ (not committed), for a person to review the layout. Builds the production server into build-shots/
// (--no-build reuses it), starts it on loopback with the demo data and a fresh database, and drives Debian's
// Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through Playwright's library: as a visitor, as a signed-in user
// and as the administrator. JavaScript is on, as most visitors have it.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { buildProductionServer, startDemoServer, LOOPBACK } from "./bench/run.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const only = args
  .find((arg) => arg.startsWith("--only="))
  ?.slice(7)
  .split(",");
const buildDir = path.join(root, "build-shots");
const dataDir = path.join(root, "node_modules", ".cache", "screenshots-data");
const outDir = path.join(root, "screenshots");
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const APP_PORT = Number(process.env.SCREENSHOTS_PORT || 3395);
const ADMIN = { email: "screenshots@example.com", password: "screenshots admin password 1" };
const USER = { email: "visitor@example.com", password: "screenshots user password 1" };
const WIDTHS = [390, 1280] as const;
const THEMES = ["light", "dark"] as const;
const log = (message: string) => console.log(`[screenshots] ${message}`);

type Who = "visitor" | "user" | "admin";
interface Shot {
  name: string;
  path: string;
  who: Who;
}

if (!existsSync(chromiumPath)) {
  console.error(`[screenshots] no Chromium at ${chromiumPath}: apt-get install chromium, or set CHROMIUM_PATH`);
  process.exit(2);
}

buildProductionServer(root, buildDir, { reuse: args.includes("--no-build"), log });
const app = await startDemoServer({ root, port: APP_PORT, dataDir, buildDir, admin: ADMIN });
const base = `http://${LOOPBACK}:${APP_PORT}`;

/** A browser context signed in through the real sign-in form's action, as the end-to-end tests do. */
async function contextFor(browser: Browser, who: Who, width: number, theme: "light" | "dark") {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width < 600 ? 844 : 800 },
    colorScheme: theme,
  });
  if (who !== "visitor") {
    const credentials = who === "admin" ? ADMIN : USER;
    const response = await context.request.post("/account/login", {
      form: { ...credentials, callbackUrl: "/" },
      headers: { origin: base },
    });
    if (!response.ok()) throw new Error(`signing in as ${credentials.email} answered ${response.status()}`);
  }
  return context;
}

/** The signed-in user's account, created by the administrator through /api. */
async function createUser() {
  const signIn = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(ADMIN),
  });
  const { sessionToken } = (await signIn.json()) as { sessionToken: string };
  const created = await fetch(`${base}/api/v1/admin/auth/users`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${sessionToken}` },
    body: JSON.stringify(USER),
  });
  if (!created.ok) throw new Error(`creating ${USER.email} answered ${created.status}: ${await created.text()}`);
}

async function shotList(): Promise<Shot[]> {
  const list = (await (await fetch(`${base}/api/camera/reports?size=2`)).json()) as { reports: { id: string }[] };
  const [first, second] = list.reports.map((report) => report.id);
  const shots: Shot[] = [
    { name: "home", path: "/", who: "visitor" },
    { name: "report-list", path: "/camera2/report_list", who: "visitor" },
    { name: "report-list-no-match", path: "/camera2/report_list?q=no-such-device&facing=BACK", who: "visitor" },
    { name: "report-stats", path: "/camera2/stats", who: "visitor" },
    { name: "terms", path: "/terms", who: "visitor" },
    { name: "privacy", path: "/privacy", who: "visitor" },
    { name: "contact", path: "/contact", who: "visitor" },
    { name: "site-health", path: "/site/health2", who: "visitor" },
    { name: "tools", path: "/tools", who: "visitor" },
    { name: "tool-json", path: "/tools/json-pretty-format", who: "visitor" },
    { name: "tool-url", path: "/tools/url-decode-encode", who: "visitor" },
    { name: "sign-in", path: "/account/login", who: "visitor" },
    { name: "not-found", path: "/no-such-page", who: "visitor" },
    { name: "profile", path: "/profile/me", who: "user" },
    { name: "settings", path: "/profile/me/settings", who: "user" },
  ];
  if (first && second) {
    shots.splice(
      2,
      0,
      { name: "report-detail", path: `/camera2/${first}`, who: "visitor" },
      { name: "report-compare", path: `/camera2/compare?ids=${first}&ids=${second}`, who: "visitor" },
    );
  }
  for (const [key, value] of Object.entries(ADMIN_PATHS)) {
    if (typeof value === "string") shots.push({ name: `admin-${key}`, path: value, who: "admin" });
  }
  return only ? shots.filter((shot) => only.includes(shot.name)) : shots;
}

let browser: Browser | undefined;
try {
  await createUser();
  const shots = await shotList();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  let count = 0;
  const wide: string[] = [];
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      const contexts = new Map<Who, BrowserContext>();
      for (const shot of shots) {
        let context = contexts.get(shot.who);
        if (!context) {
          context = await contextFor(browser, shot.who, width, theme);
          contexts.set(shot.who, context);
        }
        const page = await context.newPage();
        const response = await page.goto(shot.path, { waitUntil: "load" });
        // Fonts and lazily loaded parts (the header menus, the notification area) settle before the picture.
        await page.waitForLoadState("networkidle").catch(() => undefined);
        const file = path.join(outDir, `${shot.name}-${width}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) wide.push(`${shot.name} at ${width} px (${theme}): ${scrollWidth} px wide`);
        if (!response?.ok() && shot.name !== "not-found")
          log(`${shot.path} answered ${response?.status()} (${shot.who})`);
        await page.close();
        count++;
      }
      for (const context of contexts.values()) await context.close();
    }
  }
  log(`${count} screenshots in ${path.relative(root, outDir)}/`);
  for (const line of wide) log(`scrolls sideways: ${line}`);
} finally {
  await browser?.close();
  await app.stop();
}
