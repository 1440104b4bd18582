/**
 * (6) Server memory: RSS of the server process (server.mjs, Next's handler inside it) (VmRSS from /proc/<pid>/status, sampled every second) while 200
 * simulated watchers poll the cluster route handler for 60 s at the page's fast interval (2 s). The watchers are
 * spread over 20 users, each with their own key and cluster, 10 tabs each. The server runs with Node's default heap
 * (no --max-old-space-size unless the caller's NODE_OPTIONS has one), as it ships.
 */
import { newAccount } from "../../tests/support/accounts";
import { launchBrowser } from "../lib/browser";
import type { BenchContext, Row, SectionResult } from "../lib/context";
import { emptyApp } from "../lib/empty-app";
import { findNextServer, rssMb } from "../../tests/support/proc";
import { spread, watch } from "../../tests/support/watchers";
import { TARGETS } from "../targets";

const WATCHERS = TARGETS.rssWatchers;
const USERS = 20;
const DURATION_MS = Number(process.env.BENCH_RSS_MS ?? 60_000);
const TARGET_MB = TARGETS.rssMb;

export async function makeWatchers(ctx: BenchContext, users: number) {
  const offers = await ctx.sim.offers(ctx.account.key);
  const offer = offers.find((o) => o.id === ctx.offerId) ?? offers[0];
  if (!offer) throw new Error("no offers");
  const out: Array<{ cookie: string; clusterId: string }> = [];
  const browser = await launchBrowser();
  try {
    for (let i = 0; i < users; i++) {
      const a = await newAccount(ctx.appUrl, { label: `Watcher ${i}`, browser });
      const { cluster: c } = await ctx.sim.createCluster(a.key, { offer, stack: "none" });
      out.push({ cookie: a.cookie, clusterId: c.id });
    }
  } finally {
    await browser.close();
  }
  return out;
}

export async function rssSection(ctx: BenchContext): Promise<SectionResult> {
  const pid = findNextServer(ctx.appPid);
  if (!pid) throw new Error("server process not found");
  const users = await makeWatchers(ctx, USERS);
  const before = rssMb(pid) ?? NaN;
  const samples: number[] = [];
  const r = await watch({
    appUrl: ctx.appUrl,
    watchers: spread(users, WATCHERS / USERS),
    intervalMs: 2_000,
    durationMs: DURATION_MS,
    onTick: () => samples.push(rssMb(pid) ?? NaN),
  });
  const after = rssMb(pid) ?? NaN;
  const peak = Math.max(...samples, after);
  const empty = await emptyApp(`${ctx.simUrl}/api/v1`);
  const emptyPid = findNextServer(empty.proc.child.pid as number);
  const emptyRss = emptyPid ? rssMb(emptyPid) : null;
  const rows: Row[] = [
    {
      section: "rss",
      metric: "server Node options (as npm start runs it)",
      value: process.env.NODE_OPTIONS?.trim() || "none (Node's default heap)",
      target: "no heap cap by default",
      ok: null,
    },
    {
      section: "rss",
      metric: "server RSS after start / empty Next app (same run)",
      value: `${ctx.idleRssMb?.toFixed(0) ?? "?"} / ${emptyRss?.toFixed(0) ?? "?"} MB`,
      target: "—",
      ok: null,
    },
    {
      section: "rss",
      metric: `server RSS before → peak → end (${WATCHERS} watchers, ${DURATION_MS / 1000} s)`,
      value: `${before.toFixed(0)} → ${peak.toFixed(0)} → ${after.toFixed(0)} MB`,
      target: `≤ ${TARGET_MB} MB`,
      ok: peak <= TARGET_MB,
    },
    {
      section: "rss",
      metric: "watcher requests / errors",
      value: `${r.requests} / ${r.errors} (${JSON.stringify(r.statuses)}; ${r.staleSocketRetries} retried after a keep-alive close race)`,
      target: "0 errors",
      ok: r.errors === 0,
    },
    {
      section: "rss",
      metric: "watcher latency p50 / p99 / max",
      value: `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} / ${r.max.toFixed(1)} ms; ${r.late} late asks`,
      target: "—",
      ok: null,
    },
  ];
  return {
    rows,
    data: { pid, idle: ctx.idleRssMb, emptyAppIdle: emptyRss, before, peak, after, samples, watch: r },
  };
}
