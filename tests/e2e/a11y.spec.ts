import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { playwrightCookies, signUpWithKey, type Account } from "../support/account";
import { simClient } from "../support/sim-client";
import { e2e } from "../../playwright.config";

/**
 * axe-core on every page, in the light and the dark theme: no serious or critical violation. WCAG 2.x A/AA rules
 * plus axe's best practices; the theme is set the way the app stores it (localStorage "theme") and the
 * colour scheme is emulated to match, so "system" cannot flip it.
 */

type Setup = { account: Account; clusterId: string; offerId: string };
let setup: Setup;

test.beforeAll(async () => {
  const account = await signUpWithKey(e2e.appUrl, { label: "A11y" });
  const sim = simClient(e2e.simUrl);
  const offer = (await sim.offers(account.key)).find(
    (o) => (o as { host_tier?: string }).host_tier !== "community",
  );
  if (!offer) throw new Error("no datacenter offer");
  const cluster = await sim.createCluster(account.key, offer, "a11y-cluster");
  setup = { account, clusterId: cluster.id, offerId: offer.id };
});

async function audit(page: Page, path: string, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
  await page.goto(path, { waitUntil: "networkidle" });
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} [${n.any[0]?.message ?? n.failureSummary ?? ""}]`)
          .join(" | ")}`,
    );
  expect(serious, `${path} in ${theme}`).toEqual([]);
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    for (const path of ["/sign-in", "/sign-up", "/this-page-does-not-exist"]) {
      test(`signed out: ${path}`, async ({ page }) => {
        await audit(page, path, theme);
      });
    }

    const signedIn: Array<[string, (s: Setup) => string]> = [
      ["/offers", () => "/offers"],
      ["/clusters", () => "/clusters"],
      ["/clusters/new?offer=…", (s) => `/clusters/new?offer=${encodeURIComponent(s.offerId)}`],
      ["/clusters/[id]", (s) => `/clusters/${s.clusterId}`],
      ["/clusters/[unknown id]", () => "/clusters/00000000-0000-4000-8000-000000000000"],
      ["/settings", () => "/settings"],
      ["/settings/keys", () => "/settings/keys"],
      ["/settings/audit", () => "/settings/audit"],
    ];
    for (const [name, path] of signedIn) {
      test(`signed in: ${name}`, async ({ page }) => {
        await page.context().addCookies(playwrightCookies(setup.account.cookie, e2e.appUrl));
        await audit(page, path(setup), theme);
      });
    }
  });
}
