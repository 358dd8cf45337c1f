import { defineConfig } from "@playwright/test";
import path from "node:path";

const port = Number(process.env.E2E_PORT || 3210);
const dataDir = path.resolve(`node_modules/.cache/e2e-data-${port}`);
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e admin password 1" };
// E2E_CPU_THROTTLE=N runs each page's scripts N times slower, as on a busy phone (tests/fixtures.ts); the time a test
// and an assertion may take grows by as much, since everything the browser does takes N times as long.
export const E2E_CPU_THROTTLE = cpuThrottle(process.env.E2E_CPU_THROTTLE);
// A local OAuth server stands in for Google, so "connect a Gmail account" runs end to end (tests/support/oauth.ts).
const oauthUrl = `http://127.0.0.1:${port + 1000}`;

// Debian's Chromium, never a downloaded browser. The flags keep it off the network this machine lacks.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "./tests",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000 * E2E_CPU_THROTTLE,
  expect: { timeout: 5_000 * E2E_CPU_THROTTLE },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromium,
    // Recording a trace costs about a quarter of each test's time on a two-core machine, so only a retry records one
    // (a failure's second run). To keep a trace of every failure while debugging: --trace=retain-on-failure.
    trace: "on-first-retry",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: `rm -rf ${dataDir} && node server.ts`,
      url: `http://localhost:${port}/healthz/live`,
      reuseExistingServer: false,
      // Start-up includes migrations and demo data; a loaded machine can need well over a minute.
      timeout: 180_000,
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        BUILD_DIR: process.env.BUILD_DIR || "build",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // Required when DATABASE_URL is set (scripts/with-postgres.sh npm run test:e2e); the data dir is new each run
        // anyway.
        SESSION_SECRET: "e2e-session-secret",
        ENCRYPTION_KEY: "e2e-encryption-key",
        LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
        // Every test browses from one address, two at a time, on a machine the browsers keep busy: the share of one
        // client and the worker's budget are proven by the hostile suite (tests/hostile/fair-share.test.ts).
        ADMISSION_PER_CLIENT: "64",
        ADMISSION_MAX_IN_FLIGHT: "64",
        ADMISSION_MAX_EVENT_LOOP_DELAY_MS: "0",
        CONTACT_RATE_LIMIT_PER_MINUTE: process.env.CONTACT_RATE_LIMIT_PER_MINUTE || "5",
        SEED_DEMO: "1",
        // The security tests tell the page cache's stored copies from renders by X-Cache.
        PAGE_CACHE_HEADERS: "1",
        GOOGLE_CLIENT_ID: "e2e-client-id",
        GOOGLE_CLIENT_SECRET: "e2e-client-secret",
        GOOGLE_AUTHORIZATION_URL: `${oauthUrl}/authorize`,
        GOOGLE_TOKEN_URL: `${oauthUrl}/token`,
        GOOGLE_USERINFO_URL: `${oauthUrl}/userinfo`,
        // Nothing listens there: sending as a connected account fails at once instead of reaching out.
        GMAIL_SMTP_URL: "smtp://127.0.0.1:9",
        // The fake OAuth server above and the closed SMTP port are on loopback, which outbound requests refuse unless
        // allowed.
        OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
      },
    },
    {
      command: `node tests/support/oauth.ts ${port + 1000}`,
      url: `${oauthUrl}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
    },
  ],
});

function cpuThrottle(setting: string | undefined): number {
  const rate = setting ? Number(setting) : 1;
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`E2E_CPU_THROTTLE must be a number from 1, got "${setting}"`);
  return rate;
}
