import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws outside React Server Components; tests run server code directly.
      "server-only": fileURLToPath(new URL("./tests/support/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx", "bench/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    // Files run side by side in forked workers (each its own process.env and module state); a test that needs a
    // database makes its own (tests/db/support/backends.ts), so none shares one. Many files spend part of their time
    // waiting on servers, databases and child processes: one worker more than the cores keeps both busy through
    // those waits (on two cores, three workers finished the suite 9% sooner than two, 228 s against 250 s).
    pool: "forks",
    fileParallelism: true,
    maxWorkers: availableParallelism() + 1,
    setupFiles: ["tests/support/dom-setup.ts"],
    // One migrated embedded database per run, copied by each test that needs an empty one (tests/support/pglite-template.ts).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    // Production costs, turned down for tests (each has a test that the production value is the default):
    // scrypt at N=2^10 instead of 2^17 (tests/auth/password.test.ts).
    // Tests make many accounts in one database: the instance is open to sign-ups (unset, it turns invite-only after
    // the first account; tests/security/sign-up-mode.test.ts checks that default).
    env: { PASSWORD_SCRYPT_N: "1024", SIGN_UP: "open" },
    testTimeout: 20_000,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    // Opening a migrated PGlite is seconds on a quiet machine and has taken over a minute on a loaded one.
    hookTimeout: 120_000,
  },
});
