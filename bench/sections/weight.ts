/**
 * (2) Page weight: first-load JavaScript of every route, gzip, measured the robust way — load the page in Chromium
 * and gzip every script response it fetched until the network was idle — beside an empty Next.js app built from the
 * same node_modules in the same run (generated in a temp folder outside the repo).
 *
 * Router prefetches are refused (requests carrying Next-Router-Prefetch): a <Link> in view makes Next fetch the
 * linked route and its code ahead of a click, which is the next page's weight, not this one's. Left in, it made a
 * page's figure swing by 50 kB between runs depending on whether the prefetch finished before the network went idle.
 */
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "@playwright/test";
import { launchBrowser, signedInContext } from "../lib/browser";
import type { BenchContext, Row, SectionResult } from "../lib/context";
import { emptyApp } from "../lib/empty-app";
import { describeGroups, routeChunkGroups } from "../lib/route-chunks";
import { TARGETS } from "../targets";

const BUDGET_KB = TARGETS.weightKb;

export async function firstLoadJs(
  context: BrowserContext,
  url: string,
): Promise<{ kb: number; scripts: number; status: number; largest: string[]; prefetchesRefused: number }> {
  const page = await context.newPage();
  let prefetchesRefused = 0;
  await page.route("**/*", (route) => {
    if (route.request().headers()["next-router-prefetch"]) {
      prefetchesRefused++;
      return route.abort();
    }
    return route.continue();
  });
  const bodies: Promise<{ url: string; gz: number }>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    const name = new URL(res.url()).pathname;
    bodies.push(
      res.body().then(
        (b) => ({ url: name, gz: gzipSync(b).length }),
        () => ({ url: name, gz: 0 }),
      ),
    );
  });
  const res = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
  const sizes = await Promise.all(bodies);
  await page.close();
  const largest = [...sizes]
    .sort((a, b) => b.gz - a.gz)
    .slice(0, 8)
    .map((s) => `${s.url} ${(s.gz / 1024).toFixed(1)} kB`);
  return {
    kb: sizes.reduce((a, b) => a + b.gz, 0) / 1024,
    scripts: sizes.length,
    status: res?.status() ?? 0,
    largest,
    prefetchesRefused,
  };
}

async function emptyAppBaseline(
  browser: Browser,
  simApiUrl: string,
): Promise<{ kb: number; scripts: number; largest: string[]; prefetchesRefused: number }> {
  const app = await emptyApp(simApiUrl);
  const context = await browser.newContext();
  try {
    return await firstLoadJs(context, `${app.url}/`);
  } finally {
    await context.close();
  }
}

export async function weightSection(ctx: BenchContext): Promise<SectionResult> {
  const browser = await launchBrowser();
  try {
    const empty = await emptyAppBaseline(browser, `${ctx.simUrl}/api/v1`);
    const anon = await browser.newContext({ baseURL: ctx.appUrl });
    const signed = await signedInContext(browser, ctx.appUrl, ctx.account.cookie);
    // Every page a person opens, with the page file Next built it from (for the breakdown).
    const routes: Array<[string, BrowserContext, string]> = [
      ["/sign-in", anon, "/(auth)/sign-in/page"],
      ["/sign-up", anon, "/(auth)/sign-up/page"],
      ["/clusters", signed, "/(console)/clusters/(list)/page"],
      ["/offers", signed, "/(console)/offers/page"],
      [`/clusters/new?offer=${encodeURIComponent(ctx.offerId)}`, signed, "/(console)/clusters/new/page"],
      [`/clusters/${ctx.clusterId}`, signed, "/(console)/clusters/[id]/page"],
      ["/spend", signed, "/(console)/spend/page"],
      ["/settings", signed, "/(console)/settings/page"],
      ["/settings/keys", signed, "/(console)/settings/keys/page"],
      ["/settings/limits", signed, "/(console)/settings/limits/page"],
      ["/settings/inbox", signed, "/(console)/settings/inbox/page"],
      ["/settings/webhooks", signed, "/(console)/settings/webhooks/page"],
      ["/settings/audit", signed, "/(console)/settings/audit/page"],
    ];
    const rows: Row[] = [
      {
        section: "weight",
        metric: "empty Next.js page (baseline)",
        value: `${empty.kb.toFixed(1)} kB gz (${empty.scripts} scripts)`,
        target: "—",
        ok: null,
      },
    ];
    const data: Record<string, unknown> = { emptyKb: empty.kb, emptyLargest: empty.largest };
    for (const [route, context, page] of routes) {
      const r = await firstLoadJs(context, `${ctx.appUrl}${route}`);
      const extra = r.kb - empty.kb;
      data[route] = { ...r, overEmptyKb: extra };
      const label = route.replace(ctx.clusterId, "[id]").replace(/offer=[^&]+/, "offer=…");
      rows.push({
        section: "weight",
        metric: `${label} first-load JS`,
        value: `${r.kb.toFixed(1)} kB gz (+${extra.toFixed(1)}) [HTTP ${r.status}]`,
        target: `≤ empty + ${BUDGET_KB} kB`,
        ok: extra <= BUDGET_KB,
      });
      // What the figure is made of: the page's chunks by the libraries they hold (from the build's manifest).
      const groups = routeChunkGroups(ctx.distDir, page);
      if (groups) {
        rows.push({
          section: "weight",
          metric: `  ${label} by library, kB gz`,
          value: describeGroups(groups),
          target: "",
          ok: null,
        });
        data[`${route} groups`] = groups;
      }
    }
    await anon.close();
    await signed.close();
    return { rows, data };
  } finally {
    await browser.close();
  }
}
