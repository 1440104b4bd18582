import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { waitHydrated } from "../support/browser";
import { getCluster, pickOffer, setFaults, simStats, smallestCount } from "../support/sim";
import { ownerWithTeam } from "../support/teams";

/**
 * A team budget reached, where the team chose to end running clusters: the budget sweep (every guardian interval; 5 s
 * in the e2e app) sees it, the guard ends the cluster with one DELETE, the cluster page says why, and the team's
 * admins are told the budget is spent.
 */

const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;

test(
  "a team budget reached ends the team's running cluster through the guardian, once, and says why",
  { tag: "@postgres" },
  async ({ page }) => {
    test.slow();
    const { teamKey } = await ownerWithTeam(page, `Budget ${randomUUID().slice(0, 6)}`);
    const offer = await pickOffer(teamKey, { stack: "none" });
    // Billed for ten minutes already when it is first read: a cent's budget is past at once.
    await setFaults(teamKey, { backdateNextCreate: 600 });
    await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}&nodes=${smallestCount(offer)}`);
    await waitHydrated(page.getByRole("textbox", { name: "Name" }));
    const name = `budgeted-${Date.now() % 100000}`;
    await page.getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("button", { name: "Launch cluster" }).click();
    await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
    const id = page.url().split("/").pop()!;

    // The owner sets a budget of one cent for the team, ending the clusters it covers at 100 %.
    await page.goto("/settings/team");
    const form = page.getByRole("form", { name: "Team budget" });
    await waitHydrated(form.getByRole("button", { name: "Save budget" }));
    await form.getByLabel("Team budget per period ($)").fill("0.01");
    await form
      .getByRole("checkbox", { name: "At 100 % of a budget, end the running clusters it covers" })
      .check();
    await form.getByRole("button", { name: "Save budget" }).click();
    await expect(page.getByText("Budget saved")).toBeVisible();

    await expect
      .poll(async () => (await getCluster(teamKey, id)).status, { timeout: 120_000, intervals: [500] })
      .toMatch(/terminat/);
    await page.goto(`/clusters/${id}`);
    await expect(page.getByTestId("limits-line")).toContainText("Auto-terminated: team budget reached", {
      timeout: 60_000,
    });
    // Once: the sweeps since asked again, and the guard sent no second DELETE.
    await expect
      .poll(async () => (await getCluster(teamKey, id)).status, { timeout: 120_000, intervals: [500] })
      .toBe("terminated");
    const deletes = (await simStats()).requests.filter(
      (r) => r.path === "DELETE /clusters/{id}" && r.concrete_path.includes(id),
    );
    expect(deletes).toHaveLength(1);
    // The Spend page draws the team budget's burn-down: used up.
    await page.goto("/spend");
    await expect(page.getByTestId("budget-burn-down")).toHaveAttribute(
      "aria-label",
      /budget: \$0\.00 of \$0\.01 left; it is used up$/,
    );
    await page.goto("/settings/inbox");
    await expect(page.locator('[data-kind="budget-warning"]').first()).toContainText("100 % spent");
    await expect(page.locator('[data-kind="auto-terminated"]').filter({ hasText: name })).toHaveCount(1);
  },
);
