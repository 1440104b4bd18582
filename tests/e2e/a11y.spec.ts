import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAxeClean, useTheme } from "../support/browser";
import { newAccount, playwrightCookies, type Account } from "../support/accounts";
import { simClient } from "../support/sim-client";
import { e2e } from "../support/e2e-env";

/**
 * axe-core on every page, in the light and the dark theme: no serious or critical violation (expectAxeClean: WCAG
 * 2.x A/AA rules plus axe's best practices in light, colour contrast in dark). The theme is set the way the app
 * stores it (localStorage "theme") and the colour scheme is emulated to match, so "system" cannot flip it.
 */

type Setup = { account: Account; clusterId: string; offerId: string };

/** Each walk's own account, with a cluster on the simulator for the cluster page. */
async function newSetup(browser: Browser): Promise<Setup> {
  const account = await newAccount(e2e.appUrl, { label: "A11y", browser });
  const sim = simClient(e2e.simUrl);
  const offer = (await sim.offers(account.key)).find(
    (o) => (o as { host_tier?: string }).host_tier !== "community",
  );
  if (!offer) throw new Error("no datacenter offer");
  const { cluster } = await sim.createCluster(account.key, { offer, name: "a11y-cluster", stack: "none" });
  return { account, clusterId: cluster.id, offerId: offer.id };
}

async function audit(page: Page, path: string, theme: "light" | "dark") {
  await page.goto(path, { waitUntil: "networkidle" });
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  await expectAxeClean(page, `${path} in ${theme}`, { theme });
}

// One walk per theme and session state, each page a step of its own (the report names the page that failed).
for (const theme of ["light", "dark"] as const) {
  test(`axe, ${theme} theme: the signed-out pages`, async ({ page }) => {
    await useTheme(page, theme);
    for (const path of ["/sign-in", "/sign-up", "/this-page-does-not-exist"]) {
      await test.step(path, () => audit(page, path, theme));
    }
  });

  test(`axe, ${theme} theme: every signed-in page`, async ({ page, browser }) => {
    // Eight pages, each loaded to network idle and audited: minutes on a busy machine.
    test.setTimeout(600_000);
    const setup = await newSetup(browser);
    await useTheme(page, theme);
    await page.context().addCookies(playwrightCookies(setup.account.cookie, e2e.appUrl));
    const signedIn: Array<[string, string]> = [
      ["/offers", "/offers"],
      ["/clusters", "/clusters"],
      ["/clusters/new?offer=…", `/clusters/new?offer=${encodeURIComponent(setup.offerId)}`],
      ["/clusters/[id]", `/clusters/${setup.clusterId}`],
      ["/clusters/[unknown id]", "/clusters/00000000-0000-4000-8000-000000000000"],
      ["/settings", "/settings"],
      ["/settings/keys", "/settings/keys"],
      ["/settings/audit", "/settings/audit"],
    ];
    for (const [name, path] of signedIn) {
      await test.step(name, () => audit(page, path, theme));
    }
  });
}
