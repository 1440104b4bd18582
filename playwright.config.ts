import { playwrightConfig } from "./tests/support/playwright-config";

/** The e2e suite: the production build against the simulator, in the system Chromium (tests/support/playwright-config.ts). */
export default playwrightConfig("e2e");
