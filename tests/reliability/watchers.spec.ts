/**
 * 200 concurrent watchers for 60 s on loopback: HTTP pollers on GET /api/clusters/{id} with a session cookie at the
 * page's fast interval (2 s), spread over 20 users with their own key and cluster. Every answer is a 200 within the
 * watchers' 15 s timeout, and the server keeps answering throughout. How fast is a benchmark figure, not a test: the
 * latency printed here is measured properly by `npm run bench` (its rss section runs the same 200 watchers).
 */
import { spread, watch } from "../support/watchers";
import { expect, test, unhandledErrors } from "./support/stack";

const USERS = 20;
const PER_USER = 10;
const DURATION_MS = 60_000;
const INTERVAL_MS = 2_000;

test("200 watchers for 60 s: no errors, bounded latency", async ({ stack }) => {
  test.setTimeout(5 * 60_000);
  const users: Array<{ cookie: string; clusterId: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const a = await stack.newAccount();
    const { cluster: c } = await stack.sim.createCluster(a.key, { offer: stack.offer, stack: "none" });
    users.push({ cookie: a.cookie, clusterId: c.id });
  }
  const logStart = stack.app.output().length;
  const r = await watch({
    appUrl: stack.appUrl,
    watchers: spread(users, PER_USER),
    intervalMs: INTERVAL_MS,
    durationMs: DURATION_MS,
  });
  console.log(`watchers: ${JSON.stringify(r)}`);
  expect(r.watchers).toBe(USERS * PER_USER);
  // 200 watchers × 30 asks are due; a server that answers fewer than half of them has stalled, not just slowed.
  expect(r.requests).toBeGreaterThanOrEqual((USERS * PER_USER * (DURATION_MS / INTERVAL_MS)) / 2);
  expect(r.statuses).toEqual({ "200": r.requests });
  expect(r.errors).toBe(0);
  expect(unhandledErrors(stack.app.output().slice(logStart))).toEqual([]);
});
