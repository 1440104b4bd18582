import { playwrightConfig } from "../support/playwright-config";

/**
 * `npm run docs:screenshots`: makes the screenshots in docs/ (light and dark, wide and narrow) against the production
 * build and the simulator, as the e2e suite runs them. Rerun it after changing a page the docs show.
 */
export default playwrightConfig("screenshots");
