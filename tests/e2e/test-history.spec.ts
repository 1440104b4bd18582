import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatGbps } from "@/lib/format/number";
import { createCluster, getCluster, sim, startTestDirect, waitForStatus } from "../support/sim";
import { seededAccountWithKey } from "../support/accounts";
import { openDialog } from "../support/browser";

/** Every NCCL run kept (the API shows only the last), listed with verdict and peak, two overlaid, resizes marked. */

async function runTestSeen(page: Page, request: APIRequestContext, key: string, id: string) {
  expect(await startTestDirect(key, id)).toBe(202);
  await expect
    .poll(async () => (await getCluster(key, id)).last_test?.status, { timeout: 120_000 })
    .toBe("passed");
  // The app reads the finished result (that read is what keeps it): a reload reads it on the server.
  await page.reload();
  await expect(page.getByTestId("nccl-verdict")).toBeVisible({ timeout: 120_000 });
  return (await getCluster(key, id)).last_test!;
}

function openHistory(page: Page) {
  return openDialog(page, "History", { name: "Test history" });
}

test("two runs around a resize: both kept, the first marked as before the resize, both overlaid", async ({
  page,
  request,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const { cluster } = await createCluster(key, {
    offerId: "h100-sxm-8x-ib-helsinki",
    nodes: 2,
    stack: "slurm",
  });
  await waitForStatus(key, cluster.id, "ready");
  await page.goto(`/clusters/${cluster.id}`);
  const first = await runTestSeen(page, request, key, cluster.id);

  await sim.resize(key, cluster.id, 4);
  await waitForStatus(key, cluster.id, "ready", 90_000);
  await page.reload();
  await expect(page.getByTestId("node-row")).toHaveCount(4);
  // The last result on the card is the 2-node run: marked as before the resize, by the history's own rule.
  const card = page.getByTestId("nccl-card");
  await expect(card.getByTestId("before-resize")).toHaveText("Before a resize (2 nodes then, 4 now)");
  await expect(card).toContainText("2 nodes · 16 GPUs");
  const second = await runTestSeen(page, request, key, cluster.id);
  expect(second.id).not.toBe(first.id);
  await expect(card.getByTestId("before-resize")).toHaveCount(0);

  const dialog = await openHistory(page);
  const runs = dialog.getByTestId("test-run");
  await expect(runs).toHaveCount(2);
  // Newest first; the older one ran on 2 nodes, before the resize to 4.
  await expect(runs.nth(0)).toHaveAttribute("data-test-id", String(second.id));
  await expect(runs.nth(1)).toHaveAttribute("data-test-id", String(first.id));
  await expect(runs.nth(0).getByTestId("before-resize")).toHaveCount(0);
  await expect(runs.nth(1).getByTestId("before-resize")).toContainText("2 nodes then, 4 now");
  for (const [i, t] of [
    [0, second],
    [1, first],
  ] as const) {
    await expect(runs.nth(i)).toContainText(`Peak ${formatGbps(t.result!.peak_busbw_gb_s!)}`);
  }
  // The simulator gives no per-rank figures: nothing is guessed.
  await expect(dialog.getByTestId("slowest")).toHaveCount(0);

  await expect(dialog.getByTestId("overlay-chart")).toHaveCount(0);
  await runs.nth(0).getByRole("checkbox").click();
  await runs.nth(1).getByRole("checkbox").click();
  const chart = dialog.getByTestId("overlay-chart");
  await expect(chart.locator("path[data-series]")).toHaveCount(2);

  // Kept in the database: a reload (a new page, new process state in the browser) lists both still.
  await page.reload();
  await expect((await openHistory(page)).getByTestId("test-run")).toHaveCount(2);
});
