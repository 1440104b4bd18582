import { expect, test } from "@playwright/test";
import { createCluster, setFaults, waitForStatus } from "../support/sim";
import { addKey, freshKey, seededAccount, seededAccountWithKey } from "../support/accounts";
import { waitHydrated } from "../support/browser";

/** /clusters: every cluster of the active key, filters and sorting in the URL, empty and no-key states. */

test("without a key the list sends people to Settings; with one, an empty list points to the offers, and another user's clusters never show up", async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  const { key: otherKey } = await seededAccountWithKey(await other.newPage());
  const { cluster: theirs } = await createCluster(otherKey);
  await other.close();

  await seededAccount(page);
  await page.goto("/clusters");
  await expect(page.getByRole("heading", { name: "Add a Runcrate API key first" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a key in Settings" })).toHaveAttribute(
    "href",
    "/settings",
  );
  const r = await page.request.get("/api/clusters");
  expect(r.status()).toBe(409);
  expect(((await r.json()) as { error: { code: string } }).error.code).toBe("no_key");

  await page.goto("/settings/keys");
  await addKey(page, freshKey(), "Main");
  await page.goto("/clusters");
  await expect(page.getByRole("heading", { name: "No clusters yet" })).toBeVisible();
  await expect(page.getByText(theirs.name)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Browse offers" })).toHaveAttribute("href", "/offers");
  await page.getByRole("link", { name: "New cluster" }).click();
  await expect(page).toHaveURL(/\/offers$/);
});

test("lists the key's clusters with status, cost and links; filters and sorting live in the URL", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const { key } = await seededAccountWithKey(page);
  const { cluster: alpha } = await createCluster(key, { name: `alpha-${Date.now() % 100000}` });
  await setFaults(key, { failNextCreate: true });
  const { cluster: broken } = await createCluster(key, { name: `broken-${Date.now() % 100000}` });
  await waitForStatus(key, broken.id, "failed");
  await waitForStatus(key, alpha.id, "ready");

  await page.goto("/clusters");
  const rows = page.getByTestId("cluster-row");
  await expect(rows).toHaveCount(2);
  // Newest first by default.
  await expect(rows.nth(0)).toContainText(broken.name);
  await expect(rows.nth(0)).toContainText("Failed");
  await expect(rows.nth(0)).toContainText("$0.00");
  await expect(rows.nth(1)).toContainText(alpha.name);
  await expect(rows.nth(1)).toContainText("Ready");
  await expect(rows.nth(1)).toContainText(`× ${alpha.node_count} nodes`);
  await expect(rows.nth(1)).toContainText("Slurm");

  // Filters.
  const filters = page.getByRole("navigation", { name: "Filter clusters" });
  await filters.getByRole("link", { name: /Failed/ }).click();
  await expect(page).toHaveURL(/\?show=failed$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(broken.name);
  await filters.getByRole("link", { name: /Terminated/ }).click();
  await expect(page.getByText("No terminated clusters.")).toBeVisible();
  await filters.getByRole("link", { name: /Active/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(alpha.name);

  // Sorting by name survives a reload.
  await filters.getByRole("link", { name: /All/ }).click();
  await page.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await page.reload();
  await expect(rows.nth(0)).toContainText(alpha.name);
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await waitHydrated(page.getByRole("button", { name: "Name" }));
  await page.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await expect(rows.nth(0)).toContainText(broken.name);

  // Each row links to its cluster.
  await rows.filter({ hasText: alpha.name }).getByRole("link", { name: alpha.name }).click();
  await expect(page).toHaveURL(new RegExp(`/clusters/${alpha.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: alpha.name })).toBeVisible();
});
