import { expect, type Page } from "@playwright/test";
import { waitHydrated } from "./browser";
import { pickOffer, setBalance, setFaults, smallestCount } from "./sim";

const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;

/**
 * Launches a cluster of the key's workspace through the create form (the smallest count of an offer without a stack),
 * with a time and/or budget limit, optionally dated back; leaves the page on the cluster. Returns its id and offer.
 */
export async function launchWithLimits(
  page: Page,
  key: string,
  name: string,
  limits: { time?: string; budget?: string },
  /** Launch this many seconds in the past (the simulator dates this key's next create back). */
  launchedAgoSeconds = 0,
) {
  await setBalance(key, 10_000);
  const offer = await pickOffer(key, { stack: "none" });
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}&nodes=${smallestCount(offer)}`);
  await waitHydrated(page.getByRole("textbox", { name: "Name" }));
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  if (limits.time) await page.getByLabel("Time limit", { exact: true }).fill(limits.time);
  if (limits.budget) await page.getByLabel("Budget limit", { exact: true }).fill(limits.budget);
  await expect(page.getByTestId("limits-summary")).toContainText("at the latest");
  if (launchedAgoSeconds) await setFaults(key, { backdateNextCreate: launchedAgoSeconds });
  await page.getByRole("button", { name: "Launch cluster" }).click();
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  const id = page.url().split("/").pop()!;
  return { id, offer };
}
