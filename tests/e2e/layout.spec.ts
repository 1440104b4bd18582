import { expect, test, type Locator } from "@playwright/test";
import { createCluster, getCluster, waitForStatus } from "../support/sim";
import { seededAccountWithKey } from "../support/accounts";

/**
 * The cluster page at a phone's width keeps what a person reaches for in view. That no page scrolls sideways at a
 * laptop's or a phone's width, long names in play, is checked on the walk through every page (a11y.spec.ts).
 */

/** Shown whole inside a window `width` px wide: visible, nothing of it past either edge. */
async function expectWhole(target: Locator, width: number, what: string) {
  await expect(target, what).toBeVisible();
  const box = (await target.boundingBox())!;
  expect.soft(box.x, `${what}: cut off on the left`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what}: cut off on the right`).toBeLessThanOrEqual(width + 0.5);
}

test("at 390 px the cluster page keeps each node's status, addresses and SSH copy, every tab, and code clear of its copy button", async ({
  page,
}) => {
  test.slow();
  const { key } = await seededAccountWithKey(page);
  const { cluster } = await createCluster(key, { nodes: 2, stack: "slurm" });
  await waitForStatus(key, cluster.id, "ready");
  const ready = await getCluster(key, cluster.id);
  const width = 390;
  await page.setViewportSize({ width, height: 844 });
  await page.goto(`/clusters/${cluster.id}`);
  await expect(page.getByTestId("node-row")).toHaveCount(ready.nodes!.length);

  for (const node of ready.nodes!) {
    const row = page.locator(`[data-testid=node-row][data-rank="${node.rank}"]`);
    await expectWhole(row.getByText(node.status, { exact: true }), width, `rank ${node.rank}'s status`);
    if (node.overlay_address)
      await expectWhole(row.getByText(node.overlay_address), width, `rank ${node.rank}'s overlay address`);
    if (node.ip)
      await expectWhole(row.getByText(`public ${node.ip}`), width, `rank ${node.rank}'s public IP`);
    if (node.ssh_command)
      await expectWhole(
        row.getByRole("button", { name: `Copy SSH command for rank ${node.rank}` }),
        width,
        `rank ${node.rank}'s SSH copy button`,
      );
  }

  // Every launcher tab is on screen (they wrap onto a second row rather than off the edge).
  const tabs = page.getByTestId("connection-card").getByRole("tab");
  await expect(tabs.first()).toBeVisible();
  expect(await tabs.count()).toBeGreaterThanOrEqual(4);
  for (const tab of await tabs.all()) await expectWhole(tab, width, `the ${await tab.innerText()} tab`);

  // Each snippet: its copy button beside the code, not over any of it; a long line scrolls instead of being cut.
  await page.getByRole("tab", { name: "torchrun" }).click();
  const blocks = page.getByTestId("connection-card").locator("[data-testid]:has(> pre):visible");
  await expect(page.getByTestId("snippet-torchrun")).toBeVisible();
  expect(await blocks.count()).toBeGreaterThanOrEqual(3);
  for (const block of await blocks.all()) {
    const what = (await block.getAttribute("data-testid"))!;
    const pre = block.locator("pre");
    const copy = block.getByRole("button", { name: /^Copy / });
    await expectWhole(block, width, what);
    await expectWhole(copy, width, `${what}'s copy button`);
    const [p, c] = [(await pre.boundingBox())!, (await copy.boundingBox())!];
    const overlaps =
      c.x < p.x + p.width && p.x < c.x + c.width && c.y < p.y + p.height && p.y < c.y + c.height;
    expect.soft(overlaps, `${what}: the copy button covers the code`).toBe(false);
    const cut = await pre.evaluate((el) => {
      const wider = el.scrollWidth > el.clientWidth + 1;
      const scrolls = ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
      return wider && !scrolls;
    });
    expect.soft(cut, `${what}: lines cut off with no way to scroll to them`).toBe(false);
  }
});
