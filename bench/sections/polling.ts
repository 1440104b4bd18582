/**
 * (3) Polling cost: upstream requests the app makes per watched cluster, counted on the simulator's request log
 * (GET /__sim/stats), for 1 tab, 5 tabs of one user, one hidden tab, and a terminated cluster.
 *
 * A hidden tab: headless Chromium reports every page as visible, so the page is told it is hidden the way a
 * browser tells it — document.visibilityState becomes "hidden" and a visibilitychange event fires. TanStack Query's
 * focusManager listens to exactly that event and reads exactly that property, and the cluster query sets
 * refetchIntervalInBackground: false, so this is what stops (or fails to stop) the app's polling.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { launchBrowser, signedInContext } from "../lib/browser";
import type { BenchContext, Row, SectionResult } from "../lib/context";
import { sleep } from "../../tests/support/proc";
import { TARGETS } from "../targets";

const WINDOW_MS = Number(process.env.BENCH_POLL_WINDOW_MS ?? 20_000);
/** The app's fast interval while a cluster changes (lib/clusters/polling.ts FAST_POLL_MS). */
const INTERVAL_MS = 2_000;

async function openCluster(context: BrowserContext, id: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/clusters/${id}`, { waitUntil: "networkidle", timeout: 60_000 });
  return page;
}

async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

/** Upstream requests made for `clusterId` (and in total for the key) during one window. */
async function count(ctx: BenchContext, clusterId: string, windowMs: number) {
  await ctx.sim.resetStats();
  await sleep(windowMs);
  const { requests } = await ctx.sim.stats();
  const suffix = ctx.account.key.slice(-4);
  const mine = requests.filter((r) => r.key_suffix === suffix);
  const cluster = mine.filter(
    (r) => r.path === "GET /clusters/{id}" && r.concrete_path.includes(clusterId),
  ).length;
  return { cluster, allForKey: mine.length, byPath: tally(mine.map((r) => r.path)) };
}

function tally(xs: string[]) {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}

export async function pollingSection(ctx: BenchContext): Promise<SectionResult> {
  const browser = await launchBrowser();
  const context = await signedInContext(browser, ctx.appUrl, ctx.account.cookie);
  const perMin = (n: number) => (n * 60_000) / WINDOW_MS;
  const intervals = WINDOW_MS / INTERVAL_MS;
  const rows: Row[] = [];
  const data: Record<string, unknown> = { windowMs: WINDOW_MS, intervalMs: INTERVAL_MS };
  try {
    // 1 tab
    let pages = [await openCluster(context, ctx.clusterId)];
    const one = await count(ctx, ctx.clusterId, WINDOW_MS);
    await Promise.all(pages.map((p) => p.close()));
    // 5 tabs of one user
    pages = [];
    for (let i = 0; i < 5; i++) pages.push(await openCluster(context, ctx.clusterId));
    const five = await count(ctx, ctx.clusterId, WINDOW_MS);
    await Promise.all(pages.map((p) => p.close()));
    // hidden tab
    const hidden = await openCluster(context, ctx.clusterId);
    await hide(hidden);
    await sleep(500);
    const hid = await count(ctx, ctx.clusterId, WINDOW_MS);
    await hidden.close();
    // terminated cluster: terminate straight on the simulator, skip its clock past the teardown, then watch
    const offers = await ctx.sim.offers(ctx.account.key);
    const offer = offers.find((o) => o.id === ctx.offerId) ?? offers[0];
    if (!offer) throw new Error("no offers");
    const { cluster: doomed } = await ctx.sim.createCluster(ctx.account.key, { offer, stack: "none" });
    await ctx.sim.terminate(ctx.account.key, doomed.id);
    await ctx.sim.advance(3600);
    await ctx.sim.waitFor(ctx.account.key, doomed.id, (c) => c.status === "terminated", 30_000);
    const gone = await openCluster(context, doomed.id);
    await sleep(1_000);
    const term = await count(ctx, doomed.id, WINDOW_MS);
    await gone.close();

    const rate = (n: number) =>
      `${n} in ${WINDOW_MS / 1000} s = ${perMin(n).toFixed(1)}/min = ${(n / intervals).toFixed(2)} per ${INTERVAL_MS / 1000} s interval`;
    rows.push(
      {
        section: "polling",
        metric: "1 tab, cluster GETs upstream",
        value: rate(one.cluster),
        target: `≤ ${TARGETS.readsPerInterval} per interval`,
        ok: one.cluster <= TARGETS.readsPerInterval * intervals + 1,
      },
      {
        section: "polling",
        metric: "5 tabs (one user), cluster GETs upstream",
        value: rate(five.cluster),
        target: `≤ ${TARGETS.readsPerInterval} per interval`,
        ok: five.cluster <= TARGETS.readsPerInterval * intervals + 1,
      },
      {
        section: "polling",
        metric: "hidden tab, cluster GETs upstream",
        value: rate(hid.cluster),
        target: "0",
        ok: hid.cluster === 0,
      },
      {
        section: "polling",
        metric: "terminated cluster, cluster GETs upstream",
        value: rate(term.cluster),
        target: "0",
        ok: term.cluster === 0,
      },
      {
        section: "polling",
        metric: "all upstream for the key: 1 / 5 / hidden / terminated",
        value: `${one.allForKey} / ${five.allForKey} / ${hid.allForKey} / ${term.allForKey}`,
        target: "—",
        ok: null,
      },
    );
    Object.assign(data, { oneTab: one, fiveTabs: five, hiddenTab: hid, terminated: term });
    return { rows, data };
  } finally {
    await context.close();
    await browser.close();
  }
}
