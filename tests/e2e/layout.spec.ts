import { expect, test, type Locator, type Page } from "@playwright/test";
import { createCluster, getCluster, setVariants, waitForStatus } from "../support/sim";
import { ODD_OFFERS } from "@/sim/variant-wire";
import { signUpWithKey } from "../support/accounts";

/**
 * The journey's pages never scroll sideways and no table is wider than its box, at a laptop's and a phone's width,
 * with long names in play (a 63-character cluster name, the simulator's long GPU name).
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

type Overflow = { page: number; client: number; tables: string[] };

async function overflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const tables = [...document.querySelectorAll("table")]
      .filter((t) => t.getClientRects().length > 0)
      .map((t) => ({
        t,
        width: t.getBoundingClientRect().width,
        box: t.parentElement?.clientWidth ?? Infinity,
      }))
      .filter(({ width, box }) => width > box + 1)
      .map(({ t, width, box }) => {
        const name = t.getAttribute("aria-label") ?? t.querySelector("th")?.textContent ?? "a table";
        return `${name}: ${Math.round(width)}px in a ${box}px box`;
      });
    return { page: root.scrollWidth, client: root.clientWidth, tables };
  });
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  await page.waitForLoadState("networkidle");
  const o = await overflow(page);
  expect
    .soft(o.page, `${what}: the page is ${o.page - o.client}px wider than the window`)
    .toBeLessThanOrEqual(o.client);
  expect.soft(o.tables, `${what}: tables wider than their box`).toEqual([]);
}

test("no page of the journey scrolls sideways at 1280 or 390 px, and no table overflows its box", async ({
  page,
}) => {
  test.slow();
  const { key } = await signUpWithKey(page);
  await setVariants(key, ["long-gpu-name"]);
  const longName = `a-cluster-name-that-is-as-long-as-runcrate-allows-${"x".repeat(13)}`;
  expect(longName).toHaveLength(63);
  const { cluster, offer } = await createCluster(key, {
    name: longName,
    offerId: ODD_OFFERS.longGpuName,
  });
  await waitForStatus(key, cluster.id, "ready");

  const pages = [
    ["/offers", "offers"],
    [`/clusters/new?offer=${encodeURIComponent(offer.id)}`, "create form"],
    ["/clusters", "cluster list"],
    [`/clusters/${cluster.id}`, "cluster page"],
    ["/settings", "settings"],
    ["/settings/keys", "keys"],
    ["/settings/team", "team"],
    ["/settings/audit", "audit log"],
  ] as const;
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const [path, what] of pages) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await expectNoSidewaysScroll(page, `${what} at ${size.width}px`);
    }
  }
});

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
  const { key } = await signUpWithKey(page);
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
