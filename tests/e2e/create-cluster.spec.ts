import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { defaultFormValues } from "@/lib/launch/form";
import { isCommunity, validNodeCounts } from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";
import {
  deleteSshKey,
  setBalance,
  setFaults,
  simClusters,
  simOffers,
  simSshKeys,
  simStats,
} from "../support/sim";
import { seededAccountWithKey } from "../support/accounts";
import { holdScripts, isHydrated, waitHydrated } from "../support/browser";

/** The create-cluster form and its launch action against the simulator: one intent, one cluster. */

const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;
const launchButton = (page: Page) => page.getByRole("button", { name: "Launch cluster" });

async function volumeOffer(request: APIRequestContext, key: string): Promise<Offer> {
  const offers = await simOffers(key);
  const o = offers.find(
    (x) => !isCommunity(x) && x.volume && x.stacks.includes("slurm") && validNodeCounts(x).length > 1,
  );
  expect(o, "the simulator's catalogue has a datacenter offer with volumes and Slurm").toBeDefined();
  return o!;
}

/** A signed-in user with a key, a datacenter offer that takes a volume, and the first of the simulator's SSH keys. */
async function withOfferAndSshKey(page: Page, request: APIRequestContext) {
  const { key } = await seededAccountWithKey(page);
  const offer = await volumeOffer(request, key);
  const [sshKey] = await simSshKeys(key);
  return { key, offer, sshKey: sshKey! };
}

async function fillBasics(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Name" }).fill(name);
}

test("filter and pick an offer, fill the form, launch, land on the cluster page", async ({
  page,
  request,
}) => {
  const { key, offer, sshKey } = await withOfferAndSshKey(page, request);
  const n = validNodeCounts(offer)[1]!;

  await page.goto("/offers");
  await waitHydrated(page.getByRole("searchbox", { name: "Search offers" }));
  await page.getByRole("switch", { name: "Only offers that take a storage volume" }).click();
  await page.getByRole("searchbox", { name: "Search offers" }).fill(offer.id);
  await expect(page.locator("tr[data-offer-id]")).toHaveCount(1);
  await page
    .locator(`tr[data-offer-id="${offer.id}"]`)
    .getByRole("link", { name: /Launch/ })
    .click();
  await expect(page).toHaveURL(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);

  await fillBasics(page, "e2e-train");
  await page
    .getByRole("combobox", { name: "Nodes" })
    .selectOption({ label: `${n} nodes · ${n * offer.gpus_per_node} GPUs` });
  await page.getByRole("radio", { name: /^Slurm/ }).click();
  await page.getByRole("checkbox", { name: new RegExp(sshKey.name) }).click();
  const volume = page.getByRole("combobox", { name: /Storage volume/ });
  const datasets = await volume.getByRole("option", { name: /^datasets/ }).getAttribute("value");
  await volume.selectOption(datasets);

  await expect(page.getByTestId("machine-names")).toContainText("e2e-train-0");
  await expect(page.getByTestId("machine-names")).toContainText(`e2e-train-${n - 1}`);
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText(`${n} × ${offer.gpus_per_node} ${offer.gpu_type}`);
  await expect(summary).toContainText(`$${(offer.hourly_rate_per_node * n).toFixed(2)}/h`);

  await launchButton(page).click();
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  const clusters = await simClusters(key);
  expect(clusters).toHaveLength(1);
  expect(page.url()).toContain(clusters[0]!.id);
  expect(clusters[0]).toMatchObject({ name: "e2e-train", node_count: n, stack: "slurm", offer_id: offer.id });
});

test("on a phone a sticky bar shows rate, runway and Launch, covers no field, and launches with the form's submit; a wide screen has none", async ({
  page,
  request,
}) => {
  const { key } = await seededAccountWithKey(page);
  const offer = await volumeOffer(request, key);
  const n = defaultFormValues(offer).node_count;
  // The bar is for small screens only: on a wide one the summary's Launch is in view beside the form.
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await expect(launchButton(page)).toBeVisible();
  await expect(page.getByTestId("launch-bar")).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await waitHydrated(page.getByRole("textbox", { name: "Name" }));

  // On screen at once, without scrolling to the summary at the bottom; the same figures as the summary.
  const bar = page.getByTestId("launch-bar");
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText(`$${(offer.hourly_rate_per_node * n).toFixed(2)}/h`);
  const summary = page.getByRole("region", { name: "Summary" });
  const runway = summary
    .locator("dt", { hasText: "Balance lasts" })
    .locator("xpath=following-sibling::dd[1]");
  await expect(bar.locator("dd").nth(1)).toHaveText((await runway.innerText()).split("\n")[0]!);
  await expect(summary).not.toBeInViewport();

  // Every field, once focused (the browser scrolls to it), sits above the bar, not under it.
  const form = page.getByRole("form", { name: "Create a cluster" });
  const fields = form.locator("input:visible, select:visible, textarea:visible");
  expect(await fields.count()).toBeGreaterThan(3);
  for (const field of await fields.all()) {
    await field.focus();
    const [f, b] = [await field.boundingBox(), await bar.boundingBox()];
    if ((await bar.getAttribute("data-hidden")) !== null) continue;
    expect(f!.y + f!.height, `${await field.getAttribute("name")} is under the bar`).toBeLessThanOrEqual(
      b!.y,
    );
  }
  // With the summary itself in view, its own Launch button is enough: the bar steps aside.
  await summary.scrollIntoViewIfNeeded();
  await expect(bar).toHaveAttribute("data-hidden", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).not.toHaveAttribute("data-hidden");

  // The bar's Launch is the form's submit: validation first, then one cluster however fast the clicks.
  const launch = bar.getByRole("button", { name: "Launch", exact: true });
  await launch.click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  expect(await simClusters(key)).toHaveLength(0);
  await fillBasics(page, "from-the-bar");
  await launch.dblclick();
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  const clusters = await simClusters(key);
  expect(clusters).toHaveLength(1);
  expect(clusters[0]).toMatchObject({ name: "from-the-bar", node_count: n, offer_id: offer.id });
});

test("two clicks in the same instant (before any re-render) still launch one cluster", async ({
  page,
  request,
}) => {
  const { key } = await seededAccountWithKey(page);
  const offer = await volumeOffer(request, key);
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await fillBasics(page, "burst");
  await launchButton(page).evaluate((b: HTMLButtonElement) => {
    b.click();
    b.click();
    b.click();
  });
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  expect(await simClusters(key)).toHaveLength(1);
});

test("a response dropped after the create committed, then a retry, leaves exactly one cluster", async ({
  page,
  request,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const offer = await volumeOffer(request, key);
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await fillBasics(page, "dropped");
  await setFaults(key, { dropNextCreateResponse: true });
  await launchButton(page).click();

  // Either the client retried on its own with the same key, or the form says so and the user retries.
  const problem = page.getByTestId("launch-problem");
  await expect
    .poll(async () => CLUSTER_URL.test(page.url()) || (await problem.isVisible()), { timeout: 120_000 })
    .toBe(true);
  if (await problem.isVisible()) {
    await expect(problem).toContainText("Retrying is safe");
    await launchButton(page).click();
  }
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  const clusters = await simClusters(key);
  expect(clusters).toHaveLength(1);
  expect(page.url()).toContain(clusters[0]!.id);
  // Two creates at least reached the simulator with this key: the dropped one and its retry.
  const stats = await simStats();
  const creates = stats.requests.filter((r) => r.path === "POST /clusters" && r.key_suffix === key.slice(-4));
  expect(creates.length).toBeGreaterThanOrEqual(2);
});

test("a 402 shows the balance message in the summary, and a top-up then launches with the same intent", async ({
  page,
  request,
}) => {
  const { key } = await seededAccountWithKey(page);
  const offer = await volumeOffer(request, key);
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await fillBasics(page, "broke");
  await setBalance(key, 1);
  await launchButton(page).click();
  const summary = page.getByRole("region", { name: "Summary" });
  const problem = summary.getByTestId("balance-problem");
  await expect(problem).toContainText("Not enough credits");
  const required = Math.max(10, offer.hourly_rate_per_node * validNodeCounts(offer)[0]!);
  await expect(problem).toContainText(`$${required.toFixed(2)}`);
  await expect(problem).toContainText("$1.00");
  // The API's message already carries the amounts, so the summary does not repeat them in a second box.
  await expect(summary.getByTestId("shortfall")).toHaveCount(0);
  expect(await simClusters(key)).toHaveLength(0);

  await setBalance(key, 500);
  await launchButton(page).click();
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  expect(await simClusters(key)).toHaveLength(1);
});

test("an SSH key deleted elsewhere after picking it: the API's 404 lands on the SSH keys field", async ({
  page,
  request,
}) => {
  const { key, offer, sshKey } = await withOfferAndSshKey(page, request);
  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await fillBasics(page, "keyless");
  await page.getByRole("checkbox", { name: new RegExp(sshKey.name) }).click();
  await deleteSshKey(key, sshKey.id);
  await launchButton(page).click();
  await expect(
    page.getByText("A picked SSH key no longer exists in this workspace", { exact: false }).first(),
  ).toBeVisible();
  expect(await simClusters(key)).toHaveLength(0);
});

test("before any script runs: the server sends the whole form, and a name typed then is kept through hydration and a reload", async ({
  page,
  request,
}) => {
  const { key, offer, sshKey } = await withOfferAndSshKey(page, request);
  await setBalance(key, 4);
  const formUrl = `/clusters/new?offer=${encodeURIComponent(offer.id)}`;

  await test.step("SSH keys, volumes and the balance check come with the HTML", async () => {
    // No script of the page runs: what shows is what the server sent, in one piece (no loading skeleton first).
    const scripts = "**/_next/static/chunks/**/*.js";
    await page.route(scripts, (r) => r.abort());
    await page.goto(formUrl);
    await expect(page.getByRole("heading", { name: "New cluster" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: new RegExp(sshKey.name) })).toBeVisible();
    await expect(
      page.getByRole("combobox", { name: /Storage volume/ }).getByRole("option", { name: /^datasets/ }),
    ).toHaveCount(1);
    await expect(page.getByTestId("shortfall")).toBeVisible();
    await page.unroute(scripts);
  });

  await test.step("a name typed before the page hydrates is kept", async () => {
    const release = await holdScripts(page);
    await page.goto(formUrl, { waitUntil: "domcontentloaded" });
    await fillBasics(page, "typed-early");
    expect(await isHydrated(page), "typed before React ran").toBe(false);
    release();
    await waitHydrated(page.getByRole("textbox", { name: "Name" }));
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("typed-early");
    // It is the form's value too, so it is what the draft keeps across a reload (saved once React has it: wait for
    // that rather than reload in the same instant on a busy machine).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(sessionStorage).some((k) =>
            (sessionStorage.getItem(k) ?? "").includes('"typed-early"'),
          ),
        ),
      )
      .toBe(true);
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("typed-early");
  });
});

test("an unknown or missing offer says so and links back to the offers", async ({ page }) => {
  await seededAccountWithKey(page);
  await page.goto("/clusters/new?offer=no-such-offer");
  await expect(page.getByRole("heading", { name: "That offer isn’t available" })).toBeVisible();
  await page.getByRole("link", { name: "Back to offers" }).click();
  await expect(page).toHaveURL(/\/offers$/);
  await page.goto("/clusters/new");
  await expect(page.getByRole("heading", { name: "Pick an offer first" })).toBeVisible();
});
