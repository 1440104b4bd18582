import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAxeClean, openDialog, openPalette, useTheme } from "../support/browser";
import { newAccount, playwrightCookies, type Account } from "../support/accounts";
import { simClient } from "../support/sim-client";
import { e2e } from "../support/e2e-env";

/**
 * axe-core on every page, in the light and the dark theme: no serious or critical violation (expectAxeClean: WCAG
 * 2.x A/AA rules plus axe's best practices in light, colour contrast in dark). The theme is set the way the app
 * stores it (localStorage "theme") and the colour scheme is emulated to match, so "system" cannot flip it.
 */

type Setup = { account: Account; clusterId: string; offerId: string };

/**
 * Each walk's own account, with a ready two-node cluster on the simulator for the cluster page, and one finished NCCL
 * run so the page shows its result and the test history has an entry.
 */
async function newSetup(browser: Browser): Promise<Setup> {
  const account = await newAccount(e2e.appUrl, { label: "A11y", browser });
  const sim = simClient(e2e.simUrl);
  const { cluster, offer } = await sim.createCluster(account.key, { name: "a11y-cluster", stack: "slurm" });
  await sim.waitForStatus(account.key, cluster.id, "ready");
  expect(await sim.startTest(account.key, cluster.id)).toBe(202);
  await sim.waitFor(account.key, cluster.id, (c) => c.last_test?.status === "passed");
  return { account, clusterId: cluster.id, offerId: offer.id };
}

async function audit(page: Page, path: string, theme: "light" | "dark") {
  await page.goto(path, { waitUntil: "networkidle" });
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  await expectAxeClean(page, `${path} in ${theme}`, { theme });
}

/** axe on the open dialog alone (its page has its own step), then Escape closes it. */
async function auditDialog(page: Page, what: string, theme: "light" | "dark") {
  await expectAxeClean(page, `${what}, ${theme}`, { theme, include: '[role="dialog"]' });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/**
 * The cluster page's dialogs, opened on the page the walk has just audited: per-rank commands, SSH config, the test
 * history with a run picked for the overlay, the command palette, the shortcuts help, and the share dialog with a
 * link made. Returns the share link, whose read-only view is the walk's next page.
 */
async function auditClusterDialogs(page: Page, theme: "light" | "dark"): Promise<string> {
  for (const trigger of ["Per-rank commands", "SSH config"]) {
    await test.step(trigger, async () => {
      await openDialog(page, trigger);
      await auditDialog(page, trigger, theme);
    });
  }
  await test.step("Test history", async () => {
    const history = await openDialog(page, "History", { name: "Test history" });
    await history.getByTestId("test-run").first().getByRole("checkbox").click();
    await auditDialog(page, "test history", theme);
  });
  await test.step("command palette and shortcuts help", async () => {
    await openPalette(page);
    await auditDialog(page, "palette", theme);
    await page.keyboard.press("Shift+?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await auditDialog(page, "shortcuts help", theme);
  });
  return test.step("Share read-only", async () => {
    const share = await openDialog(page, "Share", { name: "Share read-only" });
    await share.getByRole("button", { name: "Create link" }).click();
    const url = (await share.getByTestId("share-url").textContent())!;
    await auditDialog(page, "share dialog", theme);
    return url;
  });
}

// One walk per theme and session state, each page a step of its own (the report names the page that failed).
for (const theme of ["light", "dark"] as const) {
  test(`axe, ${theme} theme: the signed-out pages`, async ({ page }) => {
    await useTheme(page, theme);
    for (const path of ["/sign-in", "/sign-up", "/this-page-does-not-exist"]) {
      await test.step(path, () => audit(page, path, theme));
    }
  });

  test(`axe, ${theme} theme: every signed-in page and the cluster page's dialogs`, async ({
    page,
    browser,
  }) => {
    // Ten pages, each loaded to network idle and audited, and six dialogs: minutes on a busy machine.
    test.setTimeout(600_000);
    const setup = await newSetup(browser);
    await useTheme(page, theme);
    await page.context().addCookies(playwrightCookies(setup.account.cookie, e2e.appUrl));
    const signedIn: Array<[string, string]> = [
      ["/offers", "/offers"],
      ["/clusters", "/clusters"],
      ["/clusters/new?offer=…", `/clusters/new?offer=${encodeURIComponent(setup.offerId)}`],
      ["/clusters/[unknown id]", "/clusters/00000000-0000-4000-8000-000000000000"],
      ["/settings", "/settings"],
      ["/settings/keys", "/settings/keys"],
      ["/settings/team", "/settings/team"],
      ["/settings/audit", "/settings/audit"],
    ];
    for (const [name, path] of signedIn) {
      await test.step(name, () => audit(page, path, theme));
    }
    await test.step("/clusters/[id]", () => audit(page, `/clusters/${setup.clusterId}`, theme));
    const shareUrl = await auditClusterDialogs(page, theme);
    await test.step("/shared/[token]", async () => {
      await page.goto(shareUrl, { waitUntil: "networkidle" });
      await expect(page.getByTestId("shared-cluster")).toBeVisible();
      await expectAxeClean(page, `shared view in ${theme}`, { theme });
    });
  });
}
