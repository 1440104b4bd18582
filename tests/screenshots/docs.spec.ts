import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signUpWithKey } from "../support/accounts";
import { waitHydrated } from "../support/browser";
import { createCluster, getCluster, setBalance, startTestDirect, waitForStatus } from "../support/sim";

/**
 * The screenshots the docs show: the live cluster page (the README's), the offers page and the create form, each in
 * light and dark, wide and narrow, into docs/screenshots/. The README's own is docs/screenshot.png.
 */

const OUT = "docs/screenshots";
const SIZES = [
  { name: "wide", width: 1280, height: 860 },
  { name: "narrow", width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string) {
  mkdirSync(OUT, { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
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
