import { playwrightConfig } from "../support/playwright-config";

/**
 * `npm run test:reliability`: the long reliability checks (tests/support/playwright-config.ts). The specs start their
 * own simulator and app (tests/reliability/support/stack.ts); global setup builds once into REL_DIST_DIR (default
 * .next-bench-rel) unless E2E_SKIP_BUILD=1. Ports: REL_APP_PORT/REL_SIM_PORT (default 3810/4810) and +1 for the
 * restart test's own pair.
 */
export default playwrightConfig("reliability");
