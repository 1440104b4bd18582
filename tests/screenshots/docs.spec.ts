import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addKey, freshKey, signUpWithKey } from "../support/accounts";
import { waitHydrated } from "../support/browser";
import {
  createCluster,
  getCluster,
  pickOffer,
  setBalance,
  setFaults,
  smallestCount,
  startTestDirect,
  waitForStatus,
} from "../support/sim";

/**
 * The screenshots the docs show: the live cluster page (the README's), the offers page and the create form, and a
 * team's guardrails (its policy, and its spend with the budget's burn-down), each in light and dark, wide and narrow,
 * into docs/screenshots/. The README's own is docs/screenshot.png.
 */

const OUT = "docs/screenshots";
const SIZES = [
  { name: "wide", width: 1280, height: 860 },
  { name: "narrow", width: 390, height: 844 },
] as const;

/** Each theme and size; `focus` is scrolled to the top of the view first (a section further down the page). */
async function shoot(page: Page, name: string, focus?: Locator) {
  mkdirSync(OUT, { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      // Below the sticky header, with a little room above.
      if (focus)
        await focus.evaluate((el) =>
          window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72),
        );
      await page.screenshot({ path: `${OUT}/${name}-${theme}-${size.name}.png` });
    }
  }
}

test("the pages the docs show", async ({ page }) => {
  const { key } = await signUpWithKey(page);

  const { cluster } = await createCluster(key, {
    name: "llama-finetune",
    stack: "slurm",
    nodes: 4,
    offerId: "h100-sxm-8x-ib-dallas",
  });
  await waitForStatus(key, cluster.id, "ready");
  // A balance a team would have (the helper above gives the workspace plenty to launch with).
  await setBalance(key, 2_400);
  await startTestDirect(key, cluster.id);
  // A finished NCCL test, so the cluster page shows its result.
  await expect
    .poll(async () => (await getCluster(key, cluster.id)).last_test?.status, { timeout: 120_000 })
    .toBe("passed");

  await page.goto("/offers");
  await waitHydrated(page);
  await expect(page.locator("[data-offer-id]:visible").first()).toBeVisible();
  await shoot(page, "offers");

  await page.goto(`/clusters/${cluster.id}`);
  await waitHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "llama-finetune" })).toBeVisible();
  await expect(page.getByTestId("limits-line")).toBeVisible();
  await shoot(page, "cluster");
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.screenshot({ path: "docs/screenshot.png" });

  await page.goto(`/offers`);
  const launch = page
    .locator("tr[data-offer-id]")
    .first()
    .getByRole("link", { name: /Launch/ });
  await waitHydrated(page);
  await launch.click();
  await page.getByRole("textbox", { name: "Name" }).fill("llama-finetune-2");
  await shoot(page, "create");
});

test("a team's guardrails", async ({ page }) => {
  test.slow();
  await signUpWithKey(page);
  const teamKey = freshKey();
  await setBalance(teamKey, 10_000);
  await page.goto("/settings/team");
  await waitHydrated(page.getByRole("button", { name: "Create team" }));
  await page.getByLabel("Team name").fill("Vision Lab");
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { name: "The team’s Runcrate key" })).toBeVisible();
  await addKey(page, teamKey, "Vision Lab");

  const policy = page.getByRole("form", { name: "Team policy" });
  await waitHydrated(policy.getByRole("button", { name: "Save policy" }));
  await policy.getByLabel("Most nodes per cluster").fill("4");
  await policy.getByLabel("Longest time limit").fill("12 h");
  await policy.getByLabel("Most running clusters per member").fill("3");
  await policy.getByRole("checkbox", { name: "Every cluster must have a time limit" }).check();
  await policy.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Policy saved")).toBeVisible();
  const budget = page.getByRole("form", { name: "Team budget" });
  await budget.getByLabel("Team budget per period ($)").fill("2,500");
  await budget.getByLabel("Budget per member per period ($)").fill("1,000");
  await budget.getByRole("button", { name: "Save budget" }).click();
  await expect(page.getByText("Budget saved")).toBeVisible();

  // A day of spend already, so the burn-down has somewhere to start.
  const offer = await pickOffer(teamKey, { stack: "none" });
  await setFaults(teamKey, { backdateNextCreate: 86_400 });
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}&nodes=${smallestCount(offer)}`);
  await waitHydrated(page.getByRole("textbox", { name: "Name" }));
  await page.getByRole("textbox", { name: "Name" }).fill("ablation-sweep");
  await page.getByLabel("Time limit", { exact: true }).fill("12 h");
  await page.getByRole("button", { name: "Launch cluster" }).click();
  await expect(page).toHaveURL(/\/clusters\/[0-9a-f-]{36}$/, { timeout: 120_000 });

  // Once the guardian has read the cluster and billed its day.
  await expect(async () => {
    await page.goto("/spend");
    await expect(page.getByTestId("team-spend")).not.toContainText("$0.00 for", { timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
  await expect(page.getByTestId("budget-burn-down")).toBeVisible();
  await shoot(page, "team-spend", page.getByTestId("team-spend"));
  await page.goto("/settings/team");
  await waitHydrated(page.getByRole("button", { name: "Save policy" }));
  await shoot(page, "team-policy", page.getByRole("heading", { name: "Policy" }));
});
