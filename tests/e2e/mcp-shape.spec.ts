import { expect, test, type Page } from "@playwright/test";
import { seededAccountWithKey } from "../support/accounts";
import { openDialog, waitHydrated } from "../support/browser";
import { setBalance, setVariants, sim, waitForStatus } from "../support/sim";

/**
 * The browser journey once against the API as Runcrate's own tool descriptions give it (the simulator's mcp-shape
 * variant, runcrate-api.md §6): offers named `offer_id` with stock and machines, a launch, the cluster through an SSH
 * gateway, and a list of summaries that holds ended clusters only when asked for status=all.
 */

/** With E2E_SHOTS=1: the page in light and dark, wide and narrow, to shots/ (git-ignored), for a look by eye. */
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SHOTS !== "1") return;
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `shots/mcp-${name}-${theme}-${width}.png`, fullPage: width > 400 });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;
const OFFER = "h100-sxm-8x-ib-dallas";

test("offers, launch, the cluster through a gateway, and the list, on the shape Runcrate's tools describe", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  await setVariants(key, ["mcp-shape"]);
  await setBalance(key, 100_000);

  await test.step("the offers are listed, with stock and the machine behind each node", async () => {
    await page.goto("/offers");
    const row = page.locator(`tr[data-offer-id="${OFFER}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId("offer-stock")).toHaveText("32 free");
    await expect(row.getByTestId("offer-machine")).toHaveText("192 vCPU · 1.9 TB RAM · 7.7 TB disk");
    await expect(page.getByTestId("list-notes")).toHaveCount(0);
    await expect(page.getByTestId("offers-unreadable")).toHaveCount(0);
    await shoot(page, "offers");
  });

  let id = "";
  await test.step("a launch from the picker lands on the new cluster", async () => {
    await waitHydrated(page.getByRole("searchbox", { name: "Search offers" }));
    await page
      .locator(`tr[data-offer-id="${OFFER}"]`)
      .getByRole("link", { name: /Launch/ })
      .click();
    await expect(page).toHaveURL(`/clusters/new?offer=${OFFER}`);
    await expect(page.getByTestId("offer-machine")).toContainText("192 vCPU");
    await waitHydrated(page.getByRole("textbox", { name: "Name" }));
    await page.getByRole("textbox", { name: "Name" }).fill("mcp-journey");
    await shoot(page, "create");
    await page.getByRole("button", { name: "Launch cluster" }).click();
    await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
    id = page.url().split("/").pop()!;
  });

  await test.step("ready, and its SSH config reaches every machine through the gateway", async () => {
    await waitForStatus(key, id, "ready");
    await expect(page.getByRole("heading", { name: "mcp-journey" })).toBeVisible();
    const dialog = await openDialog(page, "SSH config");
    const text = dialog.getByTestId("ssh-config-text");
    await expect(text).toContainText("HostName gw-us.ssh.runcrate.sim");
    await expect(text).not.toContainText("Port 22\n");
    await expect(text).toContainText("Host mcp-journey-0\n");
    await page.keyboard.press("Escape");
  });

  await test.step("the list reads summaries, and keeps the cluster once it has ended", async () => {
    await page.goto("/clusters");
    const row = page.getByTestId("cluster-row").filter({ hasText: "mcp-journey" });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Ready");
    await shoot(page, "list");
    await sim.terminate(key, id);
    await waitForStatus(key, id, "terminated");
    await page.reload();
    await expect(page.getByTestId("cluster-row").filter({ hasText: "mcp-journey" })).toContainText(
      "Terminated",
    );
  });
});
