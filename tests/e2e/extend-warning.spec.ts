import { expect, test } from "@playwright/test";
import { getCluster, pickOffer, smallestCount } from "../support/sim";
import { launchWithLimits } from "../support/limits";
import { seededAccountWithKey } from "../support/accounts";
import { expectAxeClean, waitHydrated } from "../support/browser";

/**
 * A limit's warning → Extend → the cluster keeps running: a cluster launched with a two-minute time limit (dated 30 s
 * back) is warned about at once; Extend beside the warning in the inbox adds an hour; past the first deadline the
 * cluster still runs, and its page counts down the new one.
 */

test("a limit's warning in the inbox → Extend by 1 h → the cluster keeps running past the first deadline", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const name = `warned-${Date.now() % 100000}`;
  const { id } = await launchWithLimits(page, key, name, { time: "2 min" }, 30);
  const clusterPath = new URL(page.url()).pathname;

  // The guardian's warning reaches the inbox, with Extend beside it.
  const warning = page
    .locator('[data-testid="inbox-entry"][data-kind="limit-warning"]')
    .filter({ hasText: name });
  await expect(async () => {
    await page.goto("/settings/inbox");
    await expect(warning).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const extend = warning.getByRole("button", { name: "Extend by 1 h" });
  await waitHydrated(extend);
  await expectAxeClean(page, "the inbox with a limit warning and Extend");
  await extend.click();
  await expect(page.getByText(`${name} extended by 1 h`)).toBeVisible();

  // Past the first deadline (under an hour left of the new one), it still runs.
  await expect(async () => {
    await page.goto(clusterPath);
    await expect(page.getByTestId("limits-line")).toContainText(/\(time limit\) · 5\d min( \d+ s)? left/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 180_000 });
  expect((await getCluster(key, id)).status).not.toMatch(/terminat|failed/);
});

test("a budget limit's warning in the inbox → Extend by 1 h → the budget grows by an hour at its rate, and it runs on", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const offer = await pickOffer(key, { stack: "none" });
  const rate = offer.hourly_rate_per_node * smallestCount(offer);
  // Reached in about 20 minutes at its rate: inside the first warning's 30.
  const budget = Math.max(0.01, Math.ceil(((rate * 20) / 60) * 100) / 100);
  const name = `budget-warned-${Date.now() % 100000}`;
  const { id } = await launchWithLimits(page, key, name, { budget: budget.toFixed(2) });
  const clusterPath = new URL(page.url()).pathname;

  const warning = page
    .locator('[data-testid="inbox-entry"][data-kind="limit-warning"]')
    .filter({ hasText: name });
  await expect(async () => {
    await page.goto("/settings/inbox");
    await expect(warning).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expect(warning).toContainText("its cost reaches");
  const extend = warning.getByRole("button", { name: "Extend by 1 h" });
  await waitHydrated(extend);
  await extend.click();
  await expect(page.getByText(`${name} extended by 1 h`)).toBeVisible();

  await page.goto(clusterPath);
  const grown = Math.round((budget + rate) * 100) / 100;
  await expect(page.getByTestId("limits-line")).toContainText(`when the cost reaches $${grown.toFixed(2)}`);
  expect((await getCluster(key, id)).status).not.toMatch(/terminat|failed/);
});
