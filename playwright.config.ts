import { defineConfig } from "@playwright/test";
import path from "node:path";

const port = Number(process.env.E2E_PORT || 3210);
const dataDir = path.resolve(`node_modules/.cache/e2e-data-${port}`);
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e admin password 1" };

// Debian's Chromium, never a downloaded browser. The flags keep it off the network this machine lacks.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "./tests",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node server.ts`,
    url: `http://localhost:${port}/healthz/live`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      BUILD_DIR: process.env.BUILD_DIR || "build",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      CONTACT_RATE_LIMIT_PER_MINUTE: process.env.CONTACT_RATE_LIMIT_PER_MINUTE || "5",
      SEED_DEMO: "1",
    },
  },
});
