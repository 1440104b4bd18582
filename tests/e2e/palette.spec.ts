import { expect, test, type Page } from "@playwright/test";
import { createCluster, getCluster, pickOffer } from "../support/sim";
import { seededAccountWithKey } from "../support/accounts";
import { openReadyCluster } from "../support/ready-cluster";
import { openPalette } from "../support/browser";

/** The ⌘K / Ctrl-K palette and the single-key shortcuts, by keyboard alone. */

/**
 * Takes focus out of any field, as a click on the page would, once no dialog is in the page (single keys do nothing
 * while one is open). Focus, not a click: a click at a point of <main> lands on the sticky header or outside the
 * viewport when the page is scrolled.
 */
async function leaveFields(page: Page) {
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.locator("main").focus();
  await expect(page.locator("main")).toBeFocused();
}

/** Presses keys until the URL matches (the first presses may land before hydration). */
async function pressUntilUrl(page: Page, keys: string[], url: RegExp) {
  await expect(async () => {
    for (const k of keys) await page.keyboard.press(k);
    await expect(page).toHaveURL(url, { timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
}

test("jump to a cluster by name and to offers of a GPU; settings and the g-keys go where they say", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const suffix = Math.random().toString(36).slice(2, 7);
  const { cluster: alpha } = await createCluster(key, { name: `alpha-${suffix}` });
  const { cluster: beta } = await createCluster(key, { name: `beta-${suffix}` });
  const gpu = (await pickOffer(key)).gpu_type;
  await page.goto("/clusters");
  await expect(page.getByText(alpha.name).first()).toBeVisible();

  let palette = await openPalette(page);
  await page.keyboard.type(`beta-${suffix}`);
  await expect(palette.getByRole("option", { name: new RegExp(`^${beta.name}`) })).toBeVisible();
  await expect(palette.getByRole("option", { name: new RegExp(`^${alpha.name}`) })).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/clusters/${beta.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: beta.name })).toBeVisible();
  // The moment the page is there the palette is gone and focus is on the page: the next key is the page's (? opens
  // the help), never typed into the palette's input.
  expect(await page.getByRole("dialog").count()).toBe(0);
  await expect
    .poll(() => page.evaluate(() => document.getElementById("content")?.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press("Shift+?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  palette = await openPalette(page);
  await page.keyboard.type(gpu);
  await expect(palette.getByRole("option", { name: `${gpu} offers` })).toBeVisible();
  // Arrow to it: keyboard alone.
  while ((await palette.locator("[cmdk-item][data-selected=true]").textContent())?.trim() !== `${gpu} offers`)
    await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/offers\\?gpu=${encodeURIComponent(gpu)}$`));
  await expect(page.getByTestId("shortcut-announcer")).toHaveText(`Going to ${gpu} offers`);

  palette = await openPalette(page);
  await page.keyboard.type("audit log");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings\/audit$/);

  await pressUntilUrl(page, ["g", "o"], /\/offers$/);
  await pressUntilUrl(page, ["g", "c"], /\/clusters$/);
  await pressUntilUrl(page, ["g", "s"], /\/settings(\/keys)?$/);

  // Off while typing in a field: "g c" typed into the offers search stays there.
  await page.goto("/offers");
  const search = page.getByRole("searchbox").first();
  await search.click();
  await page.keyboard.type("gc");
  await expect(search).toHaveValue("gc");
  await expect(page).toHaveURL(/\/offers/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // ? lists the shortcuts.
  await leaveFields(page);
  await page.keyboard.press("Shift+?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Go to clusters");
});

test("on a cluster: copy head SSH, run the test, and terminate only opens the typed confirmation; c copies the snippet", async ({
  page,
  context,
}) => {
  test.slow();
  const { key, api } = await openReadyCluster(page, context, { stack: "slurm" });
  await expect(page.getByTestId("cluster-detail")).toHaveAttribute("data-status", "ready");
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  let palette = await openPalette(page);
  await expect(palette.getByRole("group", { name: `This cluster: ${api.name}` })).toBeVisible();
  await page.keyboard.type("copy head");
  await page.keyboard.press("Enter");
  await expect(palette).toBeHidden();
  await expect.poll(clipboard).toBe(api.connection!.head_ssh!);
  await expect(page.getByTestId("shortcut-announcer")).toHaveText("Head SSH command copied");

  palette = await openPalette(page);
  await page.keyboard.type("terminate");
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(api.name);
  // Opening the confirmation changed nothing.
  expect((await getCluster(key, api.id)).status).toBe("ready");
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();

  palette = await openPalette(page);
  await page.keyboard.type("run nccl");
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await getCluster(key, api.id)).last_test?.status ?? null).not.toBeNull();

  // c copies the launcher snippet shown in "Connect and launch" (torchrun first).
  await leaveFields(page);
  await page.keyboard.press("c");
  await expect.poll(clipboard).toBe(api.connection!.snippets!.torchrun!);
});
