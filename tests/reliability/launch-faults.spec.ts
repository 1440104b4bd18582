/**
 * 200 launches through the app's real create path (the launchCluster server action, called over HTTP the way the
 * create form calls it) while the simulator injects faults: 20 % 5xx, 429 bursts, create responses dropped after
 * the cluster was committed, 2 s latency. Each launch intent keeps one Idempotency-Key and is retried like a user
 * pressing "Try again" after a retry-safe failure. Afterwards the simulator holds exactly one cluster per intent,
 * every answer was a well-formed ActionResult (never a 500), and the app logged no unhandled error.
 */
import { randomUUID } from "node:crypto";
import { callAction, findActionId } from "../support/server-action";
import { REL } from "./support/config";
import { expect, test, unhandledErrors, type Stack } from "./support/stack";

const LAUNCHES = 200;
const CONCURRENCY = 10;
const MAX_ATTEMPTS = 8;
const RETRY_SAFE = new Set(["server", "timeout", "unreachable", "bad_response", "internal", "rate_limited"]);

type Phase = { name: string; faults: Record<string, unknown>; perLaunch?: Record<string, unknown> };
const PHASES: Phase[] = [
  { name: "20 % 5xx", faults: { errorRate: { "*": 0.2 } } },
  {
    name: "429 bursts",
    faults: { rateLimitBurst: { count: 6, retryAfterSeconds: 1 } },
    perLaunch: { rateLimitBurst: { count: 3, retryAfterSeconds: 1 } },
  },
  { name: "create response dropped after commit", faults: {}, perLaunch: { dropNextCreateResponse: true } },
  { name: "2 s latency", faults: { latencyMs: 2_000 } },
];

type Outcome = {
  name: string;
  attempts: number;
  kinds: string[];
  ok: boolean;
  id: string | null;
  statuses: number[];
};

async function launchIntent(
  stack: Stack,
  actionId: string,
  name: string,
  perLaunch?: Record<string, unknown>,
): Promise<Outcome> {
  const idempotencyKey = randomUUID();
  const out: Outcome = { name, attempts: 0, kinds: [], ok: false, id: null, statuses: [] };
  const nodeCount = stack.offer.allowed_node_counts?.length
    ? Math.min(...stack.offer.allowed_node_counts)
    : Math.max(2, stack.offer.min_nodes);
  while (out.attempts < MAX_ATTEMPTS) {
    out.attempts++;
    // The per-launch fault is armed once per intent: a burst or a dropped answer, then the retries that follow it.
    // (Re-arming a shared burst on every retry of ten concurrent intents makes a 429 wall, not a burst.)
    if (perLaunch && out.attempts === 1) await stack.sim.faults(perLaunch);
    const r = await callAction({
      appUrl: stack.appUrl,
      pagePath: `/clusters/new?offer=${encodeURIComponent(stack.offer.id)}`,
      actionId,
      cookie: stack.account.cookie,
      timeoutMs: 120_000,
      args: [
        {
          offerId: stack.offer.id,
          idempotencyKey,
          values: {
            name,
            node_count: nodeCount,
            stack: "none",
            ssh_key_ids: [],
            storage_id: "",
            include_community: false,
          },
        },
      ],
    });
    out.statuses.push(r.status);
    const result = r.result as
      { ok: boolean; kind?: string; data?: { id: string }; retryAfterSeconds?: number } | undefined;
    if (!result || typeof result.ok !== "boolean")
      throw new Error(`not an ActionResult (HTTP ${r.status}): ${r.raw.slice(0, 300)}`);
    if (result.ok) {
      out.ok = true;
      out.id = result.data?.id ?? null;
      return out;
    }
    out.kinds.push(result.kind ?? "?");
    if (!RETRY_SAFE.has(result.kind ?? "")) return out; // the form would not offer a retry
    // Like a person told "try again in N s" by the form: wait what the API asked for, else a moment.
    const waitMs =
      result.kind === "rate_limited" ? Math.max(200, (result.retryAfterSeconds ?? 1) * 1000) : 200;
    await new Promise((r) => setTimeout(r, waitMs));
  }
  return out;
}

test("200 launches under injected faults: one cluster per intent, no unhandled error", async ({ stack }) => {
  test.setTimeout(20 * 60_000);
  const actionId = findActionId(REL.absDist, "lib/actions/create-cluster.ts", "launchCluster");
  const logStart = stack.app.output().length;
  const outcomes: Outcome[] = [];
  const perPhase = LAUNCHES / PHASES.length;
  const summary: Record<string, unknown> = {};
  try {
    for (const [p, phase] of PHASES.entries()) {
      await stack.sim.clearFaults();
      await stack.sim.faults(phase.faults);
      await stack.sim.resetStats();
      const names = Array.from({ length: perPhase }, (_, i) => `rel-${p}-${i}-${randomUUID().slice(0, 6)}`);
      const t0 = Date.now();
      let next = 0;
      const worker = async () => {
        while (next < names.length) {
          const name = names[next++] as string;
          outcomes.push(await launchIntent(stack, actionId, name, phase.perLaunch));
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const upstream = (await stack.sim.stats()).requests;
      const statuses: Record<string, number> = {};
      for (const r of upstream)
        statuses[`${r.path} ${r.status}`] = (statuses[`${r.path} ${r.status}`] ?? 0) + 1;
      summary[phase.name] = {
        seconds: (Date.now() - t0) / 1000,
        userRetries: outcomes.slice(-perPhase).reduce((a, o) => a + o.attempts - 1, 0),
        upstream: statuses,
      };
      // The fault really happened (otherwise this phase proves nothing).
      const seen = (re: RegExp) => Object.entries(statuses).some(([k, n]) => re.test(k) && n > 0);
      if (p === 0) expect(seen(/ 5\d\d$/), `5xx served in "${phase.name}"`).toBe(true);
      if (p === 1) expect(seen(/ 429$/), `429 served in "${phase.name}"`).toBe(true);
      if (p === 2)
        expect(seen(/^POST \/clusters 0$/), `create answers dropped in "${phase.name}"`).toBe(true);
    }
  } finally {
    await stack.sim.clearFaults();
  }
  console.log("launch phases:", JSON.stringify(summary));

  expect(outcomes).toHaveLength(LAUNCHES);
  // Every answer was an action result, never an HTTP error page.
  expect(outcomes.flatMap((o) => o.statuses).filter((s) => s !== 200)).toEqual([]);
  const failed = outcomes.filter((o) => !o.ok);
  expect(failed, `launches that never succeeded: ${JSON.stringify(failed.slice(0, 5))}`).toEqual([]);

  const clusters = await stack.sim.clustersOf(stack.account.key);
  for (const o of outcomes) {
    const mine = clusters.filter((c) => c.name === o.name);
    expect(
      mine.map((c) => c.id),
      `clusters named ${o.name}`,
    ).toEqual([o.id]);
  }
  expect(unhandledErrors(stack.app.output().slice(logStart))).toEqual([]);
});
