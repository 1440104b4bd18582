import { defineConfig } from "drizzle-kit";

// Only used to generate migrations (`npx drizzle-kit generate`); the app applies them itself at start (lib/server/db/client.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/db/schema/index.ts",
  out: "./drizzle",
});
