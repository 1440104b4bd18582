/**
 * A small closed-loop HTTP load generator on node:http with keep-alive: `concurrency` workers each send the next
 * request as soon as the previous one answers, until `maxRequests` are done or `maxMs` has passed (both bounds
 * always apply). Loopback only.
 */
import http from "node:http";

export type LoadResult = {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
};

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

export function median(xs: number[]): number {
  return percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
}

/**
 * One GET; resolves with the status. A keep-alive socket the server closed just as the request went out fails with
 * ECONNRESET before any byte of an answer: like a browser, that request is retried once on a new socket (the race
 * Node's docs describe under request.reusedSocket), and counted in `stats.staleSocketRetries`.
 */
export function get(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  stats?: { staleSocketRetries: number },
  retried = false,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "GET", agent, headers, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && err.code === "ECONNRESET") {
        if (stats) stats.staleSocketRetries++;
        get(agent, url, headers, timeoutMs, stats, true).then(resolve, reject);
      } else reject(err);
    });
    req.end();
  });
}

export async function runLoad(o: {
  url: string;
  headers?: Record<string, string>;
  concurrency: number;
  maxRequests: number;
  maxMs: number;
  timeoutMs?: number;
  /** Pause between one worker's requests (a poller); 0 = closed loop. */
  thinkMs?: number;
  ok?: (status: number) => boolean;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
  const url = new URL(o.url);
  if (!["127.0.0.1", "localhost", "::1"].includes(url.hostname))
    throw new Error(`load only on loopback, not ${url.hostname}`);
  const ok = o.ok ?? ((s: number) => s >= 200 && s < 300);
  const lat: number[] = [];
  const statuses: Record<string, number> = {};
  let issued = 0;
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + o.maxMs;
  const worker = async () => {
    while (issued < o.maxRequests && performance.now() < deadline) {
      issued++;
      const s = performance.now();
      let status: number | string;
      try {
        status = await get(agent, url, o.headers ?? {}, o.timeoutMs ?? 30_000);
      } catch (e) {
        status = e instanceof Error ? e.message : "error";
      }
      lat.push(performance.now() - s);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      if (typeof status !== "number" || !ok(status)) errors++;
      if (o.thinkMs) await new Promise((r) => setTimeout(r, o.thinkMs));
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  lat.sort((a, b) => a - b);
  return {
    requests: lat.length,
    errors,
    statuses,
    seconds,
    rps: lat.length / seconds,
    p50: percentile(lat, 50),
    p90: percentile(lat, 90),
    p99: percentile(lat, 99),
    max: lat[lat.length - 1] ?? NaN,
  };
}
