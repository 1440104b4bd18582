import { expect, test, type Page } from "@playwright/test";
import { isCommunity, pricePerGpuHour, takesNodeCount } from "@/lib/offers/offer-rules";
import { simOffers } from "../support/sim";
import { seededAccountWithKey } from "../support/accounts";
import { holdScripts, isHydrated, waitHydrated } from "../support/browser";

/** The offer picker against the simulator: URL state, filters, marks, and the loading/empty/error states. */

const rows = (page: Page) => page.locator("tr[data-offer-id]");
const search = (page: Page) => page.getByRole("searchbox", { name: "Search offers" });

/** Opens the picker and waits for it to hydrate: the list comes with the HTML, before the filters work. */
async function openOffers(page: Page, url = "/offers") {
  await page.goto(url);
  await waitHydrated(search(page));
}

async function pickNodes(page: Page, n: number | "Any") {
  await page.getByRole("combobox", { name: "Nodes" }).selectOption({ label: String(n) });
}

test("filters live in the URL: they survive a reload, and Back undoes the last one", async ({ page }) => {
  const { key } = await seededAccountWithKey(page);
  const offers = (await simOffers(key)).filter((o) => !isCommunity(o));
  await openOffers(page);
  await expect(rows(page)).toHaveCount(offers.length);

  await pickNodes(page, 4);
  await expect(page).toHaveURL(/[?&]nodes=4/);
  await page.getByRole("switch", { name: "Only offers that take a storage volume" }).click();
  await expect(page).toHaveURL(/[?&]volume=1/);
  const withVolume = offers.filter((o) => o.volume);
  await expect(rows(page)).toHaveCount(withVolume.length);

  // Typing replaces the current entry (no history entry per keystroke) once the typing pauses.
  const gpu = withVolume[0]!.gpu_type;
  await search(page).fill(gpu);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(gpu).replace(/%20/g, "\\+")}`));
  const matching = withVolume.filter(
    (o) => `${o.gpu_type}`.toLowerCase().includes(gpu.toLowerCase()) || o.id.includes(gpu.toLowerCase()),
  ).length;
  await expect(rows(page)).not.toHaveCount(0);
  const shown = await rows(page).count();
  expect(shown).toBeGreaterThanOrEqual(matching);
  expect(shown).toBeLessThanOrEqual(withVolume.length);

  await page.reload();
  await waitHydrated(search(page));
  await expect(search(page)).toHaveValue(gpu);
  await expect(page.getByRole("combobox", { name: "Nodes" })).toHaveValue("4");
  await expect(page.getByRole("switch", { name: "Only offers that take a storage volume" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(rows(page)).toHaveCount(shown);

  // Back goes to the state before the volume filter (the search was a replace of that entry, so it goes too).
  await page.goBack();
  await expect(page).not.toHaveURL(/volume=1/);
  await expect(page).toHaveURL(/[?&]nodes=4/);
  await expect(page.getByRole("switch", { name: "Only offers that take a storage volume" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(search(page)).toHaveValue("");
  await expect(rows(page)).toHaveCount(offers.length);
});

test("a number filter applies while typing, refuses a bad value in words, and the list and URL agree", async ({
  page,
}) => {
  const { key } = await seededAccountWithKey(page);
  const offers = (await simOffers(key)).filter((o) => !isCommunity(o));
  const prices = [...new Set(offers.map((o) => pricePerGpuHour(o)!))].sort((a, b) => a - b);
  // A bound between two of the offers' prices, so it narrows the list and a second one narrows it differently.
  const low = Math.floor(prices[Math.floor(prices.length / 3)]! * 100) / 100;
  const high = Math.floor(prices[Math.floor((prices.length * 2) / 3)]! * 100) / 100;
  const under = (max: number) => offers.filter((o) => pricePerGpuHour(o)! <= max).length;
  expect(under(low)).toBeGreaterThan(0);
  expect(under(low)).toBeLessThan(under(high));
  await openOffers(page);
  const field = page.getByLabel("Max $/GPU-h");
  const maxGpuHrIs = (n: number) => new RegExp(`[?&]max_gpu_hr=${String(n).replace(".", "\\.")}(&|$)`);
  const why = page.getByTestId("number-filter-error").filter({ hasText: /./ });

  // Applied while typing, once the typing pauses: no Tab or Enter needed.
  await field.pressSequentially(String(low), { delay: 30 });
  await expect(page).toHaveURL(maxGpuHrIs(low));
  await expect(rows(page)).toHaveCount(under(low));
  await field.press("Tab");

  // A negative price is refused in words; the field keeps it for fixing, the list and the URL keep the last bound.
  await field.fill("-5");
  await field.press("Tab");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(why).toHaveText(
    `Enter a price of 0 or more, like 1.5. Not applied: the list and its link still use $${low}/GPU-h.`,
  );
  await expect(field).toHaveAccessibleDescription(/Not applied/);
  await expect(field).toHaveValue("-5");
  await expect(page).toHaveURL(maxGpuHrIs(low));
  await expect(rows(page)).toHaveCount(under(low));

  // Fixing it applies the new bound and the message goes.
  await field.fill(String(high));
  await expect(page).toHaveURL(maxGpuHrIs(high));
  await expect(rows(page)).toHaveCount(under(high));
  await expect(why).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid");

  // Escape puts back the applied value; emptying the field removes the bound.
  await field.fill("abc");
  await field.press("Escape");
  await expect(field).toHaveValue(String(high));
  await field.fill("");
  await field.press("Enter");
  await expect(page).not.toHaveURL(/max_gpu_hr/);
  await expect(rows(page)).toHaveCount(offers.length);
});

test("before any script runs: the server sends the list in one responsive layout, and a search typed then is kept and applied", async ({
  page,
}) => {
  const { key } = await seededAccountWithKey(page);
  const offers = (await simOffers(key)).filter((o) => !isCommunity(o));
  const cards = page.locator("li[data-offer-id]");
  // No script runs past the inline ones that reveal streamed HTML: what shows is what the server sent.
  await page.route("**/_next/static/chunks/**/*.js", (r) => r.abort());
  await page.goto("/offers");
  await expect(rows(page)).toHaveCount(offers.length);
  await expect(rows(page).first()).toBeVisible();
  await expect(cards.first()).toBeHidden();
  await expect(page.getByText(`${offers.length} of ${offers.length} offers`)).toBeVisible();

  // The same HTML at a phone's width shows the cards (CSS picks; the server does not guess the device).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards).toHaveCount(offers.length);
  await expect(cards.first()).toBeVisible();
  await expect(rows(page).first()).toBeHidden();

  // With scripts, only the layout that fits stays mounted.
  await page.unroute("**/_next/static/chunks/**/*.js");
  await page.reload();
  await expect(page.getByText(`${offers.length} of ${offers.length} offers`)).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await expect(cards).toHaveCount(offers.length);

  // A search typed before the page hydrates (on a wide screen again) is kept, applied and written to the URL.
  await page.setViewportSize({ width: 1280, height: 720 });
  const gpu = offers[0]!.gpu_type;
  const release = await holdScripts(page);
  await page.goto("/offers", { waitUntil: "domcontentloaded" });
  await search(page).fill(gpu);
  expect(await isHydrated(page), "typed before React ran").toBe(false);
  release();
  await waitHydrated(search(page));
  await expect(search(page)).toHaveValue(gpu);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(gpu).replace(/%20/g, "\\+")}`));
  await expect(rows(page)).not.toHaveCount(offers.length);
  await expect(rows(page).first()).toContainText(gpu);
});

test("Launch shows it is working until the form arrives", async ({ page }) => {
  const { key } = await seededAccountWithKey(page);
  const offer = (await simOffers(key)).find((o) => !isCommunity(o))!;
  await openOffers(page);
  // The form's page has no loading skeleton (it comes whole): a slow server leaves the offers on screen meanwhile.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/clusters/new?**", async (route) => {
    await held;
    await route.continue();
  });
  const launch = page.locator(`tr[data-offer-id="${offer.id}"]`).getByRole("link", { name: /Launch/ });
  await launch.click();
  await expect(launch.getByTestId("link-pending")).toBeVisible();
  await expect(page).toHaveURL(/\/offers/);
  release();
  await expect(page).toHaveURL(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await expect(page.getByRole("heading", { name: "New cluster" })).toBeVisible();
});

test("Launch goes to the form for that offer, carrying the node count", async ({ page }) => {
  const { key } = await seededAccountWithKey(page);
  const offer = (await simOffers(key)).find((o) => !isCommunity(o) && takesNodeCount(o, 4))!;
  await openOffers(page, "/offers?nodes=4");
  await page
    .locator(`tr[data-offer-id="${offer.id}"]`)
    .getByRole("link", { name: /Launch/ })
    .click();
  await expect(page).toHaveURL(`/clusters/new?offer=${encodeURIComponent(offer.id)}&nodes=4`);
  await expect(page.getByRole("combobox", { name: "Nodes" })).toHaveValue("4");
});
