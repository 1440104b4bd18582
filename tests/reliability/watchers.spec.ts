/**
 * 200 concurrent watchers for 60 s on loopback: HTTP pollers on GET /api/clusters/{id} with a session cookie at the
 * page's fast interval (2 s), spread over 20 users with their own key and cluster. No errors; latency bounded
 * (a generous bound for a shared 2-core machine — the measured figures are printed for the report).
 */
import { spread, watch } from "../support/watchers";
import { expect, test, unhandledErrors } from "./support/stack";

const USERS = 20;
const PER_USER = 10;
const DURATION_MS = 60_000;
const P99_BOUND_MS = 2_000;

test("200 watchers for 60 s: no errors, bounded latency", async ({ stack }) => {
  test.setTimeout(5 * 60_000);
  const users: Array<{ cookie: string; clusterId: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const a = await stack.newAccount();
    const c = await stack.sim.createCluster(a.key, stack.offer);
    users.push({ cookie: a.cookie, clusterId: c.id });
  }
  const logStart = stack.app.output().length;
  const r = await watch({
    appUrl: stack.appUrl,
    watchers: spread(users, PER_USER),
    intervalMs: 2_000,
    durationMs: DURATION_MS,
  });
  console.log(`watchers: ${JSON.stringify(r)}`);
  expect(r.watchers).toBe(USERS * PER_USER);
  // 200 watchers × 30 asks, less the ones still in flight at the end.
  expect(r.requests).toBeGreaterThan(USERS * PER_USER * 25);
  expect(r.statuses).toEqual({ "200": r.requests });
  expect(r.errors).toBe(0);
  expect(r.p99).toBeLessThan(P99_BOUND_MS);
  expect(unhandledErrors(stack.app.output().slice(logStart))).toEqual([]);
});
