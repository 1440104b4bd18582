import { existsSync } from "node:fs";
import path from "node:path";
import { buildApp, ROOT } from "../../support/stack";
import { SERVICE } from "./config";

/** Builds the app into SERVICE.distDir once, unless E2E_SKIP_BUILD=1 and a build is there. */
export default function globalSetup(): void {
  if (!SERVICE.databaseUrl)
    throw new Error(
      "The service suite needs a real Postgres: set E2E_DATABASE_URL (npm run test:e2e:service makes one: tests/support/with-database.mjs).",
    );
  const built = existsSync(path.join(ROOT, SERVICE.distDir, "BUILD_ID"));
  if (process.env.E2E_SKIP_BUILD === "1" && built) return;
  buildApp(SERVICE.distDir);
}
