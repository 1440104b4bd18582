/**
 * Node options and server settings for the Clusterdeck server process, shared by `npm start`, the e2e suites and the
 * bench, so all three measure and test the configuration that ships.
 *
 * A 256 MB cap on V8's old generation. Without one, V8 sizes the heap against the machine's memory and lets it
 * grow under load before collecting: with 200 watchers polling for 60 s the server went from 290 to ~470 MB RSS,
 * the same growth (~120 MB) on embedded PGlite and on a real Postgres. Capped, the peak was ~320 MB with 0 errors
 * and p99 ~65 ms (bench/README.md, "rss"). The server's live heap is far below the cap; an operator who needs more
 * sets their own --max-old-space-size in NODE_OPTIONS, which is then left alone.
 */
export const APP_HEAP_MB = 256;

/** NODE_OPTIONS for the app server: the caller's options, plus the heap cap unless they already set one. */
export function appNodeOptions(existing = "") {
  const current = existing.trim();
  if (/--max-old-space-size[= ]/.test(current)) return current;
  return `${current} --max-old-space-size=${APP_HEAP_MB}`.trim();
}

/**
 * How long the server keeps an idle keep-alive socket open (ms), for `next start --keepAliveTimeout`. Node's default,
 * 5 s, is shorter than the idle timeout of the usual load balancers and proxies (AWS ALB and nginx's upstream
 * keepalive: 60 s). They then reuse a socket just as the app closes it, and the request fails with a 502.
 * KEEP_ALIVE_TIMEOUT_MS overrides it.
 */
export const KEEP_ALIVE_DEFAULT_MS = 65_000;

/** The keep-alive timeout from KEEP_ALIVE_TIMEOUT_MS (unset or blank → the default); a bad value throws and says why. */
export function keepAliveTimeoutMs(value = "") {
  const v = value.trim();
  if (v === "") return KEEP_ALIVE_DEFAULT_MS;
  if (!/^\d+$/.test(v) || Number(v) < 1_000 || Number(v) > 3_600_000)
    throw new Error(
      `KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 3600000, not "${v}".`,
    );
  return Number(v);
}
