import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import path from "node:path";

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.{ts,tsx}",
      "shared/**/*.test.{ts,tsx}",
      "host/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // Every core: vitest leaves one to its own process by default, which on a two-core machine runs the files one
    // at a time, while the main process is nearly idle.
    maxWorkers: availableParallelism(),
    // The migrated database each test file's in-memory one loads (tests/support/pglite-template.ts).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    // Tests never touch ./data: secrets are fixed and each test file opens its own database.
    env: {
      SESSION_SECRET: "test-session-secret",
      ENCRYPTION_KEY: "test-encryption-key",
      DATA_DIR: path.resolve(import.meta.dirname, "node_modules/.cache/test-data"),
      SEED_DEMO: "0",
      // The fakes of outside services (OAuth, SMTP, image host, Firebase emulator) listen on loopback.
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    },
    // A time-out catches a test that hangs; it measures nothing (targets live in npm run bench). A busy machine runs
    // the heaviest tests (10 MB inputs, a database opened on disk) several times slower than a quiet one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
