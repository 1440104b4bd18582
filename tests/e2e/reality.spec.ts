import { expect, test, type Page } from "@playwright/test";
import { createCluster, setVariants, waitForStatus } from "../support/sim";
import { seededAccountWithKey } from "../support/accounts";

/**
 * Tolerant reading in the browser, against the simulator's response variants: what a person sees when the API answers
 * differently from runcrate-api.md. Screenshots of the pages touched go to shots/ (git-ignored) for a look by eye.
 */

const SHOTS = process.env.E2E_SHOTS === "1";

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `shots/reality-${name}-${theme}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("offers page: two unreadable offers are left out and counted, the rest listed, a long GPU name wraps", async ({
  page,
}) => {
  const { key } = await seededAccountWithKey(page);
  await setVariants(key, ["odd-offer", "string-prices", "long-gpu-name"]);
  await page.goto("/offers");
  await expect(page.getByTestId("list-notes")).toHaveText(
    /^2 offers could not be read \(on hourly_rate_per_node, gpu_type\) and are not shown\./,
  );
  await expect(page.locator("[data-offer-id]").first()).toBeVisible();
  await expect(page.locator('[data-offer-id="h100-sxm-8x-ib-helsinki"]')).toHaveCount(0);
  // The 100-character GPU name wraps inside its column; the page does not scroll sideways.
  await page.setViewportSize({ width: 1280, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, "offers");
});

test("ready cluster: a failure_reason is a warning, active machines are up, Inspect shows the raw object without the key", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const { cluster } = await createCluster(key, { nodes: 2, stack: "none" });
  await waitForStatus(key, cluster.id, "ready");
  await setVariants(key, ["failure-reason-running", "node-status-active"]);
  await page.goto(`/clusters/${cluster.id}`);
  await expect(page.getByTestId("failure-warning")).toContainText("still ready and billed");
  await expect(page.getByTestId("failure-card")).toHaveCount(0);
  await expect(page.getByText(/2 of 2 up/)).toBeVisible();
  await expect(page.locator("[data-testid=node-row][data-in-progress]")).toHaveCount(0);

  const dialog = page.getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Inspect" }).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
  const json = dialog.getByTestId("inspect-json");
  await expect(json).toContainText(`"id": "${cluster.id}"`);
  await expect(json).toContainText(`"failure_reason": "node_degraded"`);
  await expect(dialog.getByRole("button", { name: /Copy JSON/ })).toBeVisible();
  expect(await json.textContent()).not.toContain(key);
  await shoot(page, "inspect");
  await page.keyboard.press("Escape");
  await shoot(page, "cluster");
});
