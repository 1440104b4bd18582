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
    setupFiles: ["tests/support/dom-setup.ts"],
    // Production costs, turned down for tests (each has a test that the production value is the default):
    // scrypt at N=2^10 instead of 2^17 (tests/auth/password.test.ts).
    env: { PASSWORD_SCRYPT_N: "1024" },
    testTimeout: 20_000,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    hookTimeout: 60_000,
  },
});
