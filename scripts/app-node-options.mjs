/**
 * Server settings for the Clusterdeck server process (server.mjs), shared by `npm start`, the e2e suites and the
 * bench, so all three measure and test the configuration that ships.
 *
 * No Node options are added: the heap is Node's default (sized by V8 against the machine's memory). An operator
 * who wants a cap sets `--max-old-space-size` in NODE_OPTIONS (README, "Configuration").
 */

/**
 * How long the server keeps an idle keep-alive socket open (ms). Node's default, 5 s, is shorter than the idle
 * timeout of the usual load balancers and proxies (AWS ALB and nginx's upstream keepalive: 60 s). They then reuse a
 * socket just as the app closes it, and the request fails with a 502. KEEP_ALIVE_TIMEOUT_MS overrides it.
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
