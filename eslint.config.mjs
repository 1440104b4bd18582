import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

/**
 * Server-only code lives in a `server/` folder: the shared infrastructure's lib/server/, and a feature's own
 * lib/<feature>/server/; and in the two folders of wiring above the features: lib/handlers/ (what every route handler
 * runs in, and the request guard) and lib/boot/ (what the server process starts with). The browser reaches it only
 * through server actions (lib/<feature>/actions.ts).
 */
const serverOnly = {
  group: [
    "@/lib/**/server/*",
    "@/lib/**/server/**",
    "**/lib/**/server/*",
    "**/lib/**/server/**",
    "@/lib/handlers/*",
    "@/lib/boot/*",
  ],
  allowTypeImports: true,
  message:
    "server/ folders are server-only: read on the server (a page, route handler or server action) and pass data down.",
};
/** Where server-only code and server actions live. */
const SERVER_CODE = ["lib/server/**", "lib/*/server/**", "lib/boot/**"];
const ACTIONS = ["lib/handlers/**", "lib/*/actions.ts"];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    "node_modules/**",
    ".next*/**",
    ".data*/**",
    "drizzle/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  {
    // Type-aware rules: typescript-eslint's recommended-type-checked set on every TypeScript file.
    files: ["**/*.ts", "**/*.tsx"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // React event props take async handlers (react-hook-form's handleSubmit returns one); a promise handed to a
      // plain callback elsewhere is still an error.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Tests may stub async APIs with sync bodies and read untyped JSON from the servers they drive.
    files: ["tests/**", "bench/**/*.test.ts"],
    rules: {
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
    },
  },
  {
    // Components and the browser-safe part of lib/ never import server-only modules.
    files: ["components/**", "lib/**"],
    ignores: [...SERVER_CODE, ...ACTIONS],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverOnly] }] },
  },
  {
    // The app changes no browser global: a patched window.fetch sees every request of every library and reads what
    // the framework keeps private. Use the framework's own means (an error's digest, a query's own state).
    files: ["app/**", "components/**", "lib/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "AssignmentExpression[left.type='MemberExpression'][left.property.name='fetch']",
          message: "Do not replace fetch; use the framework's own means.",
        },
      ],
    },
  },
  {
    // Server code logs through pino (lib/server/log.ts, lib/server/request-log.ts): JSON lines with the request's id,
    // redacted, at a level an operator can filter. A console call would bypass all three.
    files: [...SERVER_CODE, ...ACTIONS, "app/**/route.ts", "instrumentation.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Server modules are the bottom floor: they never reach up into actions, components or routes.
    files: SERVER_CODE,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/handlers/*", "@/lib/*/actions", "@/components/*", "@/app/*"],
              message: "Server modules must not import upward.",
            },
          ],
        },
      ],
    },
  },
  {
    // The simulator shares exactly one module with the app: the API schemas under lib/runcrate/.
    files: ["sim/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/|(\\.\\./)+)(lib/(?!runcrate/)|components/|app/)",
              message: "sim/ may import only lib/runcrate/ from the app.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and benchmarks share helpers through tests/support/ only; neither imports the other's code.
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/bench/**"], message: "Move shared helpers to tests/support/." }] },
      ],
    },
  },
]);
