import { expect, test, type Browser } from "@playwright/test";
import { createCluster, getCluster, waitForStatus } from "../support/sim";
import { seededAccountWithKey, seededCredentials } from "../support/accounts";
import { openDialog } from "../support/browser";

/** Read-only share links: created by the owner, opened by a signed-in teammate, audited, revoked. */

/** A teammate with an account, not signed in, in a browser of their own. */
async function teammate(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page, ...seededCredentials() };
}

test("a teammate signs in through the link and sees status, nodes, events, cost and tests — no addresses or actions; the owner sees the open and revokes", async ({
  page,
  browser,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const { cluster } = await createCluster(key, { nodes: 2, stack: "slurm" });
  await waitForStatus(key, cluster.id, "ready");
  const api = await getCluster(key, cluster.id);
  await page.goto(`/clusters/${cluster.id}`);

  const dialog = await openDialog(page, "Share", { name: "Share read-only" });
  await expect(dialog.getByLabel("Expires after")).toHaveValue("24");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = (await dialog.getByTestId("share-url").textContent())!;
  expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId("share-state").first()).toContainText("Active until");

  // The teammate is not signed in: sent to sign in, then back to the link.
  const mate = await teammate(browser);
  await mate.page.goto(url);
  await expect(mate.page).toHaveURL(/\/sign-in\?callbackUrl=/);
  // Signing in on the page the link led to (not a fresh /sign-in) brings the teammate back to the link.
  await mate.page.getByLabel("Email").fill(mate.email);
  await mate.page.getByLabel("Password", { exact: true }).fill(mate.password);
  await mate.page.getByRole("button", { name: "Sign in" }).click();
  await expect(mate.page).toHaveURL(url);
  const view = mate.page.getByTestId("shared-cluster");
  await expect(view.getByRole("heading", { level: 1, name: cluster.name })).toBeVisible();
  await expect(view).toHaveAttribute("data-status", "ready");
  await expect(mate.page.getByTestId("shared-node")).toHaveCount(2);
  await expect(mate.page.getByRole("list", { name: "Lifecycle phases" })).toBeVisible();
  await expect(mate.page.locator("[data-phase=provisioning]")).toHaveAttribute("data-state", "done");
  await expect(mate.page.getByTestId("cost-so-far")).toBeVisible();

  // Nothing to connect with or act on: no address, SSH command or snippet anywhere in the page or its data.
  const html = await mate.page.content();
  const secrets = [
    api.connection!.head_ssh!,
    api.connection!.snippets!.torchrun!,
    ...(api.nodes ?? []).flatMap((n) => [n.ip!, n.overlay_address!, n.ssh_command!]),
  ];
  for (const s of secrets) expect(html).not.toContain(s);
  const json = await mate.page.evaluate(async (u) => (await fetch(`/api${new URL(u).pathname}`)).text(), url);
  for (const s of secrets) expect(json).not.toContain(s);
  for (const name of ["Terminate", "Resize", "Start test", "Run again", "Share", "Launch again"])
    await expect(mate.page.getByRole("button", { name, exact: true })).toHaveCount(0);
  await expect(mate.page.getByTestId("connection-card")).toHaveCount(0);

  // The owner sees who opened it, and revokes it.
  await page.reload();
  const again = await openDialog(page, "Share", { name: "Share read-only" });
  await expect(again.getByTestId("share-opens")).toContainText(`Opened by ${mate.email}`);
  await again.getByRole("button", { name: "Revoke" }).click();
  await expect(again.getByTestId("share-state").first()).toContainText("Revoked");

  await mate.page.reload();
  await expect(mate.page.getByText("The cluster's owner revoked this link.")).toBeVisible();
  await expect(mate.page.getByTestId("shared-cluster")).toHaveCount(0);
  await mate.context.close();
});

test("a made-up or malformed token opens nothing", async ({ page }) => {
  await seededAccountWithKey(page);
  for (const t of ["A".repeat(43), "short", "../../api/clusters"]) {
    await page.goto(`/shared/${encodeURIComponent(t)}`);
    await expect(page.getByText("This link does not exist.")).toBeVisible();
  }
});
