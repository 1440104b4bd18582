import { expect, test, type APIRequestContext } from "@playwright/test";
import { isCommunity, validNodeCounts } from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";
import { createCluster } from "../support/sim";
import { simClusters, simOffers, simSshKeys } from "../support/sim";
import { seededAccountWithKey } from "../support/accounts";

/** "Launch again": the create form filled from an earlier launch; a new launch, never a replay. */

const CLUSTER_URL = /\/clusters\/[0-9a-f-]{36}$/;

async function volumeOffer(request: APIRequestContext, key: string): Promise<Offer> {
  const o = (await simOffers(key)).find(
    (x) => !isCommunity(x) && x.volume && x.stacks.includes("slurm") && validNodeCounts(x).length > 1,
  );
  expect(o).toBeDefined();
  return o!;
}

test("a cluster launched here comes back with its offer, count, stack, SSH key and volume, and launches anew", async ({
  page,
  request,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const offer = await volumeOffer(request, key);
  const n = validNodeCounts(offer)[1]!;
  const [sshKey] = await simSshKeys(key);
  const name = `rl-${Math.random().toString(36).slice(2, 7)}`;

  await page.goto(`/clusters/new?offer=${encodeURIComponent(offer.id)}`);
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page
    .getByRole("combobox", { name: "Nodes" })
    .selectOption({ label: `${n} nodes · ${n * offer.gpus_per_node} GPUs` });
  await page.getByRole("radio", { name: /^Slurm/ }).click();
  await page.getByRole("checkbox", { name: new RegExp(sshKey!.name) }).click();
  const volume = page.getByRole("combobox", { name: /Storage volume/ });
  const datasets = (await volume.getByRole("option", { name: /^datasets/ }).getAttribute("value"))!;
  await volume.selectOption(datasets);
  await page.getByLabel("Time limit", { exact: true }).fill("3 h");
  await page.getByLabel("Budget limit", { exact: true }).fill("40");
  await page.getByRole("button", { name: "Launch cluster" }).click();
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  const firstId = page.url().split("/").pop()!;

  await page.getByRole("link", { name: "Launch again" }).click();
  await expect(page).toHaveURL(`/clusters/new?from=${firstId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Launch again" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(`${name}-2`);
  await expect(page.getByRole("combobox", { name: "Nodes" })).toHaveValue(String(n));
  await expect(page.getByRole("radio", { name: /^Slurm/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: new RegExp(sshKey!.name) })).toBeChecked();
  await expect(volume).toHaveValue(datasets);
  // The earlier cluster's limits come along (the spending limits' guardian enforces them on the new one too).
  await expect(page.getByLabel("Time limit", { exact: true })).toHaveValue("3 h");
  await expect(page.getByLabel("Budget limit", { exact: true })).toHaveValue("40.00");
  await expect(page.getByTestId("relaunch-notes")).toHaveCount(0);

  await page.getByRole("button", { name: "Launch cluster" }).click();
  await expect(page).toHaveURL(CLUSTER_URL, { timeout: 120_000 });
  expect(page.url()).not.toContain(firstId);
  // A new intent: a second cluster, not the first one replayed.
  const clusters = await simClusters(key);
  expect(clusters).toHaveLength(2);
  expect(clusters.find((c) => c.id !== firstId)).toMatchObject({
    name: `${name}-2`,
    node_count: n,
    stack: "slurm",
    offer_id: offer.id,
  });
});

test("a cluster launched elsewhere is filled from the API's object and says the SSH keys must be picked again", async ({
  page,
}) => {
  const { key } = await seededAccountWithKey(page);
  const { cluster, offer } = await createCluster(key, { stack: "slurm" });
  await page.goto(`/clusters/${cluster.id}`);
  await page.getByRole("link", { name: "Launch again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Launch again" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(`${cluster.name}-2`);
  await expect(page.getByRole("combobox", { name: "Nodes" })).toHaveValue(String(cluster.node_count));
  await expect(page.getByRole("radio", { name: /^Slurm/ })).toBeChecked();
  await expect(page.getByTestId("relaunch-notes")).toContainText("pick them again");
  await expect(page.getByRole("region", { name: "Summary" })).toContainText(offer.gpu_type);
});
