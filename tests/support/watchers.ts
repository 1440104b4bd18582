/**
 * Simulated cluster-page watchers: HTTP pollers on GET /api/clusters/{id} with a session cookie, each asking once
 * per interval like the page does (fixed rate, first ask at a random offset inside the first interval). Bounded by
 * duration; every request has a timeout. Loopback only.
 */
import http from "node:http";
import { get, percentile } from "./load";

export type Watcher = { cookie: string; clusterId: string };

export type WatchResult = {
  watchers: number;
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  /** Asks that started more than one interval late (the server could not keep up). */
  late: number;
  /** Requests retried once because a kept-alive socket was closed by the server as they went out. */
  staleSocketRetries: number;
};

export async function watch(o: {
  appUrl: string;
  watchers: Watcher[];
  intervalMs: number;
  durationMs: number;
  timeoutMs?: number;
  onTick?: () => void;
}): Promise<WatchResult> {
  const base = new URL(o.appUrl);
  if (!["127.0.0.1", "localhost"].includes(base.hostname)) throw new Error("watchers only on loopback");
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.watchers.length });
  const lat: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let late = 0;
  const retries = { staleSocketRetries: 0 };
  const t0 = performance.now();
  const end = t0 + o.durationMs;
  const tick = o.onTick ? setInterval(o.onTick, 1_000) : null;
  const one = async (w: Watcher) => {
    const url = new URL(`/api/clusters/${encodeURIComponent(w.clusterId)}`, base);
    let due = t0 + Math.random() * o.intervalMs;
    while (due < end) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else if (-wait > o.intervalMs) late++;
      const s = performance.now();
      let status: number | string;
      try {
        status = await get(
          agent,
          url,
          { cookie: w.cookie, accept: "application/json" },
          o.timeoutMs ?? 15_000,
          retries,
        );
      } catch (e) {
        status = e instanceof Error ? e.message : "error";
      }
      lat.push(performance.now() - s);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      if (status !== 200) errors++;
      due += o.intervalMs;
    }
  };
  try {
    await Promise.all(o.watchers.map(one));
  } finally {
    if (tick) clearInterval(tick);
    agent.destroy();
  }
  lat.sort((a, b) => a - b);
  return {
    watchers: o.watchers.length,
    requests: lat.length,
    errors,
    statuses,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    max: lat[lat.length - 1] ?? NaN,
    late,
    staleSocketRetries: retries.staleSocketRetries,
  };
}

/** `users` accounts × `perUser` watchers each, every user on their own cluster (so coalescing cannot hide the load). */
export function spread<T extends { cookie: string; clusterId: string }>(
  users: T[],
  perUser: number,
): Watcher[] {
  return users.flatMap((u) =>
    Array.from({ length: perUser }, () => ({ cookie: u.cookie, clusterId: u.clusterId })),
  );
}
