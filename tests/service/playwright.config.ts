import { playwrightConfig } from "../support/playwright-config";

/**
 * "Run it like a service": several app servers on one real Postgres, graceful shutdown, the standalone server
 * (tests/support/playwright-config.ts). Needs E2E_DATABASE_URL: `npm run test:e2e:service` creates a fresh database.
 */
export default playwrightConfig("service");
