import { expect, test, type APIRequestContext } from "@playwright/test";
import { getCluster, pickOffer, simStats, smallestCount } from "../support/sim";
import { launchWithLimits } from "../support/limits";
import { seededAccountWithKey } from "../support/accounts";
import { waitHydrated } from "../support/browser";

/**
 * Spending limits: limits set on the create form are enforced by the server's guardian with no page open; the
 * cluster page says so before and after; Settings defaults pre-fill the form; the Spend page shows the record.
 * The e2e app runs the guardian with a 5 s interval (playwright.config.ts, CLUSTERDECK_GUARD_INTERVAL_MS). How late
 * past its deadline a limit is enforced is a figure of the bench's guardian section, not a bound here.
 */

const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;

async function deletesOf(id: string): Promise<number> {
  return (await simStats()).requests.filter(
    (r) => r.path === "DELETE /clusters/{id}" && r.concrete_path.includes(id),
  ).length;
}

/** Polls upstream (the app's page is closed) until the cluster is terminating. */
async function waitTerminated(request: APIRequestContext, key: string, id: string): Promise<void> {
  await expect
    .poll(async () => (await getCluster(key, id)).status, { timeout: 180_000, intervals: [500] })
    .toMatch(/terminat/);
}

// That it ends at its deadline, not before, is the guardian's unit test on the simulator's manual clock
// (tests/guardian/guard.test.ts); how late past it, the bench's guardian section. Launched 45 s in the past, so the
// 1-minute limit comes due seconds after the page shows it instead of a minute later.
test("a 1-minute time limit terminates the cluster with the page closed, once", async ({
  page,
  request,
  context,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const name = `limit-${Date.now() % 100000}`;
  const { id } = await launchWithLimits(page, key, name, { time: "1 min" }, 45);
  await expect(page.getByTestId("limits-line")).toContainText("Auto-terminates", { timeout: 120_000 });
  await expect(page.getByTestId("limits-line")).toContainText("time limit");
  await page.close();

  await waitTerminated(request, key, id);
  expect(await deletesOf(id)).toBe(1);

  const again = await context.newPage();
  await again.goto("/settings/audit");
  await expect(
    again
      .getByRole("row")
      .filter({ hasText: name })
      .filter({ hasText: "auto-terminated: time limit reached" }),
  ).toHaveCount(1);
  await again.goto("/settings/inbox");
  await expect(again.getByTestId("inbox-entry").filter({ hasText: name }).first()).toBeVisible();
  await expect(again.locator('[data-kind="auto-terminated"]').filter({ hasText: name })).toHaveCount(1);
  await again.goto(`/clusters/${id}`);
  await expect(again.getByTestId("limits-line")).toContainText("Auto-terminated: time limit reached", {
    timeout: 120_000,
  });
  // The list says why it ended, and its cost comes from the console's record (not "estimated").
  await again.goto("/clusters");
  const row = again.getByTestId("cluster-row").filter({ hasText: name });
  await expect(row.getByTestId("row-ended-by")).toHaveText("Auto-terminated: time limit", {
    timeout: 120_000,
  });
  await expect(row.getByTestId("row-cost")).toHaveText(/^\$\d[\d,]*\.\d\d final$/);
});

test("a budget limit terminates the cluster when its cost reaches it", async ({ page }) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const offer = await pickOffer(key, { stack: "none" });
  const rate = offer.hourly_rate_per_node * smallestCount(offer);
  // About 20 s of billing at this rate (at least a cent), launched dated back so that about 10 s of it are left: the
  // page shows the limit, then it is reached without the test waiting on billing it does not look at.
  const budget = Math.max(0.01, Math.ceil(((rate * 20) / 3600) * 100) / 100);
  const billedSeconds = Math.floor((budget / rate) * 3600);
  const name = `budget-${Date.now() % 100000}`;
  const { id } = await launchWithLimits(
    page,
    key,
    name,
    { budget: budget.toFixed(2) },
    Math.max(0, billedSeconds - 10),
  );
  await expect(page.getByTestId("limits-line")).toContainText(`when the cost reaches $${budget.toFixed(2)}`, {
    timeout: 120_000,
  });
  await page.close();
  await expect
    .poll(async () => (await getCluster(key, id)).status, { timeout: 180_000, intervals: [1_000] })
    .toMatch(/terminat/);
  expect(await deletesOf(id)).toBe(1);
});

test("limits can be changed and removed on the cluster page, audited; Settings defaults pre-fill the form", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  await page.goto("/settings/limits");
  await waitHydrated(page.getByRole("button", { name: "Save defaults" }));
  await page.getByLabel("Time limit").fill("3 h");
  await page.getByLabel("Budget limit").fill("nope");
  await page.getByRole("button", { name: "Save defaults" }).click();
  await expect(page.getByText('Write an amount in dollars, such as "50" or "120.50".')).toBeVisible();
  await page.getByLabel("Budget limit").fill("40");
  await page.getByRole("button", { name: "Save defaults" }).click();
  await expect(page.getByText("Default limits saved")).toBeVisible();

  const offer = await pickOffer(key, { stack: "none" });
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await expect(page.getByLabel("Time limit", { exact: true })).toHaveValue("3 h");
  await expect(page.getByLabel("Budget limit", { exact: true })).toHaveValue("40.00");
  await expect(page.getByTestId("limits-summary")).toContainText("at most $");
  await page.getByLabel("Time limit", { exact: true }).fill("forever");
  await page.getByLabel("Budget limit", { exact: true }).focus();
  await expect(page.getByText('Write a duration such as "90 min" or "4 h".')).toBeVisible();
  await page.getByLabel("Time limit", { exact: true }).fill("2 h");

  const name = `edit-${Date.now() % 100000}`;
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("button", { name: "Launch cluster" }).click();
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  const line = page.getByTestId("limits-line");
  await expect(line).toContainText("Auto-terminates", { timeout: 120_000 });
  await expect(line).toContainText("when the cost reaches $40.00");

  // Extend: one press adds an hour to the time limit, and the hour's cost to the budget limit.
  const extend = page.getByRole("group", { name: "Extend the cluster" });
  await waitHydrated(extend.getByRole("button", { name: "Extend by 1 h" }));
  await extend.getByRole("button", { name: "Extend by 1 h" }).click();
  await expect(page.getByText(`${name} extended by 1 h`)).toBeVisible();
  await expect(line).not.toContainText("when the cost reaches $40.00");

  await page.getByRole("button", { name: "Change limits" }).click();
  const form = page.getByRole("form", { name: "Limits" });
  await form.getByLabel("Budget limit").fill("");
  await form.getByRole("button", { name: "Extend by 1 h" }).click();
  await expect(page.getByText(`Limits of ${name} saved`)).toBeVisible();
  await expect(line).not.toContainText("cost reaches");
  await page.getByRole("button", { name: "Change limits" }).click();
  await expect(form.getByLabel("Time limit")).toHaveValue("4 h");
  await form.getByRole("button", { name: "Remove limits" }).click();
  await expect(line).toContainText("No limits", { timeout: 120_000 });

  await page.goto("/settings/audit");
  const rows = page.getByRole("row").filter({ hasText: name });
  await expect(rows.filter({ hasText: "limits: none" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "extended by 1 h · limits: time 3 h" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "limits: time 4 h" })).toHaveCount(1);

  // The cluster's history: the console's entries beside the events Runcrate recorded, kept since its creation.
  await rows
    .first()
    .getByRole("link", { name: `History of ${name}` })
    .click();
  await expect(page.getByRole("heading", { name: `History of ${name}` })).toBeVisible();
  const history = page.getByRole("list", { name: "Cluster history" });
  await expect(history.locator('[data-source="console"]').filter({ hasText: "Launched" })).toHaveCount(1);
  await expect(history.locator('[data-source="console"]').filter({ hasText: "limits: none" })).toHaveCount(1);
  await expect(
    history.locator('[data-source="runcrate"]').filter({ hasText: "Cluster created" }),
  ).toHaveCount(1);
});

test("the Spend page shows balance, burn, the chart, the cost table with CSV and Runcrate's transactions", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const name = `spend-${Date.now() % 100000}`;
  const { id } = await launchWithLimits(page, key, name, { time: "2 h" });
  await expect.poll(async () => (await getCluster(key, id)).status, { timeout: 120_000 }).toBe("ready");
  await page.getByRole("link", { name: "Spend" }).first().click();
  await expect(page).toHaveURL(/\/spend$/);
  const card = page.getByTestId("spend-key").first();
  await expect(card.getByTestId("spend-balance")).toContainText("$");
  await expect(card.getByTestId("spend-burn")).not.toHaveText("$0.00/h");
  await expect(card.getByTestId("spend-chart")).toBeVisible();
  await expect(page.getByTestId("spend-row").filter({ hasText: name })).toBeVisible();
  await expect(card.getByTestId("spend-compare")).toContainText("Console’s estimate");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv as Buffer[]).toString("utf8");
  expect(text.split("\n")[0]).toBe(
    "cluster_id,name,status,rate_per_hour,cost,estimated,billed_from,billed_until",
  );
  expect(text).toContain(name);
});
