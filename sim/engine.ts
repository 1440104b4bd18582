/**
 * The discrete-event core. Each cluster keeps a queue of things scheduled to happen (a node boots, the stack is
 * installed, a test finishes …). `advanceWorkspace` runs them in time order up to "now" and, between them, deducts
 * billing from the workspace balance — so state is computed lazily on every read, and a clock advance takes
 * effect on the very next request. When the balance would cross zero, every live cluster of the workspace is
 * terminated at that exact instant with failure_reason `insufficient_credits` (runcrate-api.md §5 #18).
 */
import { money } from "./errors";
import { BILLING_PERIOD_MS, closeLedger, closePeriod } from "./ledger";
import type { SimCluster, SimEvent, SimTest, Workspace } from "./model";

let seq = 0;
const HOUR_MS = 3_600_000;

export function schedule(c: SimCluster, at: number, run: (at: number) => void): void {
  c.queue.push({ at, seq: seq++, run });
}

export function addEvent(
  c: SimCluster,
  at: number,
  kind: string,
  rank: number | null,
  message: string,
): SimEvent {
  const e = { id: c.nextEventId++, at, kind, rank, message };
  c.events.push(e);
  return e;
}

export const isTerminal = (c: SimCluster): boolean => c.status === "terminated" || c.status === "failed";

/** A test that holds the cluster: queued (variant `test-queued`) or running. */
export const testActive = (t: SimTest | null): boolean => t?.status === "queued" || t?.status === "running";

/** The open billing period closes an hour after it opened, then the next one opens (ledger.ts). */
export function scheduleBillingPeriod(c: SimCluster): void {
  const start = c.ledger.periodStart;
  if (start === null) return;
  schedule(c, start + BILLING_PERIOD_MS, (at) => {
    if (c.ledger.periodStart !== start) return;
    closePeriod(c, at);
    scheduleBillingPeriod(c);
  });
}

/** Credits per hour the cluster is burning now: billed nodes × rate, until it is terminated. */
export function clusterBurn(c: SimCluster): number {
  if (isTerminal(c)) return 0;
  return c.nodes.filter((n) => n.billed).length * c.offer.hourly_rate_per_node;
}

export function workspaceBurn(ws: Workspace): number {
  return ws.clusters.reduce((sum, c) => sum + clusterBurn(c), 0);
}

function nextDue(ws: Workspace, now: number): { cluster: SimCluster; index: number } | null {
  let best: { cluster: SimCluster; index: number; at: number; seq: number } | null = null;
  for (const cluster of ws.clusters) {
    cluster.queue.forEach((s, index) => {
      if (s.at > now) return;
      if (!best || s.at < best.at || (s.at === best.at && s.seq < best.seq))
        best = { cluster, index, at: s.at, seq: s.seq };
    });
  }
  return best;
}

/** Deduct billing from settledAt to `t`, terminating everything at the instant the balance reaches zero. */
function accrue(ws: Workspace, t: number): void {
  if (t <= ws.settledAt) return;
  const burn = workspaceBurn(ws);
  const cost = (burn * (t - ws.settledAt)) / HOUR_MS;
  if (burn > 0 && cost >= ws.balance) {
    const zeroAt = ws.settledAt + Math.max(0, (ws.balance / burn) * HOUR_MS);
    charge(ws, zeroAt);
    ws.balance = 0;
    ws.settledAt = zeroAt;
    exhaust(ws, zeroAt);
  } else {
    charge(ws, t);
    ws.balance -= cost;
  }
  ws.settledAt = t;
}

/** Each cluster's share of the deduction from settledAt to `until`, kept for its usage debits. */
function charge(ws: Workspace, until: number): void {
  for (const c of ws.clusters) c.ledger.charged += (clusterBurn(c) * (until - ws.settledAt)) / HOUR_MS;
}

/** Run everything due up to `now`, in time order, with billing in between. */
export function advanceWorkspace(ws: Workspace, now: number): void {
  for (;;) {
    const due = nextDue(ws, now);
    if (!due) break;
    const [item] = due.cluster.queue.splice(due.index, 1);
    if (!item) break;
    accrue(ws, item.at);
    item.run(item.at);
    if (ws.balance <= 1e-9 && workspaceBurn(ws) > 0) exhaust(ws, item.at);
  }
  accrue(ws, now);
  if (ws.balance <= 1e-9 && workspaceBurn(ws) > 0) exhaust(ws, Math.max(ws.settledAt, now));
}

/** Credits ran out: every cluster that is not already over is terminated now (runcrate-api.md §1.9). */
export function exhaust(ws: Workspace, at: number): void {
  for (const c of ws.clusters) {
    if (isTerminal(c)) continue;
    c.queue = [];
    if (c.status !== "terminating") {
      addEvent(
        c,
        at,
        "terminate_requested",
        null,
        `The workspace balance reached ${money(0)}: terminating the cluster.`,
      );
    }
    for (const n of c.nodes) {
      n.status = "terminated";
      n.billed = false;
      addEvent(c, at, "node_terminated", n.rank, `${c.name}-${n.rank} terminated (out of credits).`);
    }
    if (testActive(c.lastTest)) failTest(c, at, "The cluster was terminated when the balance reached zero.");
    c.status = "terminated";
    c.terminatedAt = at;
    closeLedger(c, at);
    c.failureReason = "insufficient_credits";
    c.failureDetail =
      "The workspace balance reached $0.00, so Runcrate terminated the cluster. Add credits before launching again.";
    addEvent(c, at, "cluster_terminated", null, "Cluster terminated: out of credits.");
  }
}

export function failTest(c: SimCluster, at: number, error: string): void {
  const t = c.lastTest;
  if (!t || !testActive(t)) return;
  t.status = "failed";
  t.startedAt ??= at;
  t.finishedAt = at;
  t.result = {
    sizes: [],
    peak_busbw_gb_s: 0,
    nodes: c.nodeCount,
    gpus: c.nodeCount * c.offer.gpus_per_node,
    error,
    note: error,
  };
  addEvent(c, at, "test_finished", null, `NCCL all_reduce test failed: ${error}`);
}
