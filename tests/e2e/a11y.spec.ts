import { expect, test, type Page } from "@playwright/test";
import {
  expectAxeCleanInBothThemes,
  expectNoSidewaysScroll,
  openDialog,
  openPalette,
} from "../support/browser";
import { ODD_OFFERS } from "@/sim/variant-wire";
import { seededAccountWithKey } from "../support/accounts";
import { simClient } from "../support/sim-client";
import { e2e } from "../support/e2e-env";

/**
 * One walk through every page. axe-core on each page and dialog, in the light and the dark theme: no serious or
 * critical violation (WCAG 2.x A/AA rules plus axe's best practices in light, colour contrast in dark). Each page is
 * loaded once and audited in both: with no theme chosen the app follows the emulated colour scheme live
 * (expectAxeCleanInBothThemes); that a chosen theme is stored and wins over the system is the shell spec's. On the
 * same load, no signed-in page scrolls sideways at a laptop's or a phone's width and no table overflows its box, with
 * long names in play: a 63-character cluster name on the simulator's offer with the long GPU name.
 */
type Setup = { clusterId: string; offerId: string };

/**
 * The walk's own account (signed in in `page`), with a ready two-node cluster on the simulator for the cluster page (the longest name
 * Runcrate allows, on the long-GPU-name offer), and one finished NCCL run so the page shows its result and the test
 * history has an entry.
 */
async function newSetup(page: Page): Promise<Setup> {
  const account = await seededAccountWithKey(page);
  const sim = simClient(e2e.simUrl);
  await sim.setVariants(account.key, ["long-gpu-name"]);
  const name = `a-cluster-name-that-is-as-long-as-runcrate-allows-${"x".repeat(13)}`;
  expect(name).toHaveLength(63);
  const { cluster, offer } = await sim.createCluster(account.key, {
    name,
    offerId: ODD_OFFERS.longGpuName,
    stack: "slurm",
  });
  await sim.waitForStatus(account.key, cluster.id, "ready");
  expect(await sim.startTest(account.key, cluster.id)).toBe(202);
  await sim.waitFor(account.key, cluster.id, (c) => c.last_test?.status === "passed");
  return { clusterId: cluster.id, offerId: offer.id };
}

async function audit(page: Page, path: string, opts: { layout?: boolean } = {}) {
  await page.goto(path, { waitUntil: "networkidle" });
  await expectAxeCleanInBothThemes(page, path);
  if (opts.layout) await expectNoSidewaysScroll(page, path);
}

/** axe on the open dialog alone (its page has its own step), then Escape closes it. */
async function auditDialog(page: Page, what: string) {
  await expectAxeCleanInBothThemes(page, what, { include: '[role="dialog"]' });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/**
 * The cluster page's dialogs, opened on the page the walk has just audited: per-rank commands, SSH config, the test
 * history with a run picked for the overlay, the command palette, the shortcuts help, and the share dialog with a
 * link made. Returns the share link, whose read-only view is the walk's next page.
 */
async function auditClusterDialogs(page: Page): Promise<string> {
  for (const trigger of ["Per-rank commands", "SSH config"]) {
    await test.step(trigger, async () => {
      await openDialog(page, trigger);
      await auditDialog(page, trigger);
    });
  }
  await test.step("Test history", async () => {
    const history = await openDialog(page, "History", { name: "Test history" });
    await history.getByTestId("test-run").first().getByRole("checkbox").click();
    await auditDialog(page, "test history");
  });
  await test.step("command palette and shortcuts help", async () => {
    await openPalette(page);
    await auditDialog(page, "palette");
    await page.keyboard.press("Shift+?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await auditDialog(page, "shortcuts help");
  });
  return test.step("Share read-only", async () => {
    const share = await openDialog(page, "Share", { name: "Share read-only" });
    await share.getByRole("button", { name: "Create link" }).click();
    const url = (await share.getByTestId("share-url").textContent())!;
    await auditDialog(page, "share dialog");
    return url;
  });
}

// One walk per session state, each page a step of its own (the report names the page that failed).
test("axe, light and dark: the signed-out pages", async ({ page }) => {
  for (const path of ["/sign-in", "/sign-up", "/this-page-does-not-exist"]) {
    await test.step(path, () => audit(page, path));
  }
});

test("every signed-in page: axe in light and dark, no sideways scroll at 1280 or 390 px; the cluster page's dialogs", async ({
  page,
}) => {
  // Ten pages, each loaded to network idle, audited in both themes and measured at two widths, and six dialogs:
  // minutes on a busy machine.
  test.setTimeout(600_000);
  const setup = await newSetup(page);
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
    await test.step(name, () => audit(page, path, { layout: true }));
  }
  await test.step("/clusters/[id]", () => audit(page, `/clusters/${setup.clusterId}`, { layout: true }));
  const shareUrl = await auditClusterDialogs(page);
  await test.step("/shared/[token]", async () => {
    await page.goto(shareUrl, { waitUntil: "networkidle" });
    await expect(page.getByTestId("shared-cluster")).toBeVisible();
    await expectAxeCleanInBothThemes(page, "shared view");
  });
});
