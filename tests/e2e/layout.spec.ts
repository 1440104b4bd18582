import { expect, test, type Page } from "@playwright/test";
import { createCluster, setVariants, waitForStatus } from "../clusters/e2e-sim";
import { ODD_OFFERS } from "@/sim/variant-wire";
import { signUpWithKey } from "./support/account";

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
  request,
}) => {
  test.setTimeout(120_000);
  const { key } = await signUpWithKey(page);
  await setVariants(request, key, ["long-gpu-name"]);
  const longName = `a-cluster-name-that-is-as-long-as-runcrate-allows-${"x".repeat(13)}`;
  expect(longName).toHaveLength(63);
  const { cluster, offer } = await createCluster(request, key, {
    name: longName,
    offerId: ODD_OFFERS.longGpuName,
  });
  await waitForStatus(request, key, cluster.id, "ready");

  const pages = [
    ["/offers", "offers"],
    [`/clusters/new?offer=${encodeURIComponent(offer.id)}`, "create form"],
    ["/clusters", "cluster list"],
    [`/clusters/${cluster.id}`, "cluster page"],
    ["/settings", "settings"],
    ["/settings/keys", "keys"],
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

test("the tables people read have accessible names", async ({ page, request }) => {
  const { key } = await signUpWithKey(page);
  const { cluster } = await createCluster(request, key);
  await waitForStatus(request, key, cluster.id, "ready");
  await page.goto("/clusters");
  await expect(page.getByRole("table", { name: "Clusters" })).toBeVisible();
  await page.goto(`/clusters/${cluster.id}`);
  await expect(page.getByRole("table", { name: "Nodes" })).toBeVisible();
  // One spelling of the link rate on every page.
  await expect(page.getByText(/Gbit\/s/)).toHaveCount(0);
});
