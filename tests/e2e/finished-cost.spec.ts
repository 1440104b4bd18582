import { expect, test } from "@playwright/test";
import { createCluster, simUrl, waitForStatus } from "../support/sim";
import { formatUsd } from "@/lib/format/money";
import type { Cluster } from "@/lib/runcrate/schemas";
import { signUpWithKey } from "../support/accounts";

/**
 * A finished cluster shows what it cost (billed time × rate, never $0 because
 * nodes_billed dropped to 0), and the list shows "—" for its rate.
 */
test("a terminated cluster shows its final cost and no hourly rate", async ({ page, request }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const { key } = await signUpWithKey(page);
  // A pricier offer (2 × 8 H100), so a few seconds of billing are worth more than a cent.
  const { cluster } = await createCluster(request, key, {
    name: `done-${Date.now() % 100000}`,
    offerId: "h100-sxm-8x-ib-dallas",
    nodes: 2,
  });
  await waitForStatus(request, key, cluster.id, "ready");
  // Let it be billed for a while at simulator speed, then terminate it upstream.
  await page.waitForTimeout(3_000);
  const del = await request.delete(`${simUrl}/api/v1/clusters/${cluster.id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(del.ok()).toBe(true);
  await waitForStatus(request, key, cluster.id, "terminated");
  const after = (await (
    await request.get(`${simUrl}/api/v1/clusters/${cluster.id}`, {
      headers: { authorization: `Bearer ${key}` },
    })
  ).json()) as { data: Cluster };
  expect(after.data.billing?.nodes_billed).toBe(0); // the cause of the $0 bug is still there upstream
  // What it really cost: billed time × per-node rate × nodes.
  const billedMs = Date.parse(after.data.terminated_at!) - Date.parse(after.data.billing!.billed_since!);
  const expected = (billedMs / 3_600_000) * after.data.hourly_rate_per_node * after.data.node_count;
  expect(expected).toBeGreaterThanOrEqual(0.01);

  await page.goto("/clusters");
  const row = page.getByTestId("cluster-row").filter({ hasText: cluster.name });
  await expect(row.getByTestId("row-rate")).toHaveText("—");
  await expect(row.getByTestId("row-cost")).toContainText("final");
  await expect(row.getByTestId("row-cost")).toContainText(formatUsd(expected));

  await page.goto(`/clusters/${cluster.id}`);
  const billing = page.getByTestId("billing-card");
  await expect(billing).toContainText("Total cost");
  await expect(page.getByTestId("cost-so-far")).toHaveText(formatUsd(expected));
  await expect(page.getByTestId("nodes-billed")).toContainText(`until it ended`);
});
