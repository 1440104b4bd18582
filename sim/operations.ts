/**
 * What a user does to a running cluster: terminate (§5 #13) and resize (§5 #14). Both are scheduled on the clock
 * like provisioning, so the intermediate states (`terminating`, `resizing`) are visible to a poller.
 */
import { addEvent, failTest, isTerminal, schedule, scheduleBillingPeriod, testActive } from "./engine";
import { conflict, money } from "./errors";
import { closeLedger } from "./ledger";
import { makeNode, nodeTimes, scheduleNode, type NodeTimes } from "./lifecycle";
import { stackReadyDetail } from "./stack-text";
import type { SimCluster } from "./model";

/** DELETE /clusters/{id}: `terminating` now, `terminated` a few (scaled) seconds later; repeated calls change nothing. */
export function terminate(c: SimCluster, now: number, speed: number): void {
  if (isTerminal(c) || c.status === "terminating") return;
  const s = (sec: number) => (sec * 1000) / speed;
  c.queue = [];
  // Machines are billed until they are gone, so the billing period keeps running while terminating.
  scheduleBillingPeriod(c);
  c.status = "terminating";
  addEvent(c, now, "terminate_requested", null, `Terminating ${c.nodes.length} machines.`);
  if (testActive(c.lastTest)) failTest(c, now, "The cluster was terminated during the test.");
  c.nodes.forEach((n, i) => {
    schedule(c, now + s(2 + i * 0.2), (at) => {
      n.status = "terminated";
      addEvent(c, at, "node_terminated", n.rank, `${c.name}-${n.rank} terminated.`);
    });
  });
  schedule(c, now + s(2.5 + c.nodes.length * 0.2), (at) => {
    for (const n of c.nodes) {
      n.status = "terminated";
      n.billed = false;
    }
    c.status = "terminated";
    c.terminatedAt = at;
    closeLedger(c, at);
    addEvent(c, at, "cluster_terminated", null, "Cluster terminated; billing stopped.");
  });
}

/** PATCH /clusters/{id}: add or remove machines at the highest ranks; only on resizable clusters that are ready. */
export function resize(c: SimCluster, target: number, now: number, speed: number): void {
  if (!c.offer.resize) {
    throw conflict(
      "not_resizable",
      `Cluster ${c.name} cannot be resized: its offer (${c.offer.id}) does not support resizing.`,
      { resize: false },
    );
  }
  if (c.status !== "ready") {
    throw conflict(
      "invalid_state",
      `Cluster ${c.name} is ${c.status}; it can only be resized when it is ready.`,
      { status: c.status },
    );
  }
  if (testActive(c.lastTest)) {
    throw conflict(
      "test_running",
      `Cluster ${c.name} is running an NCCL test; resize it once the test has finished.`,
    );
  }
  const from = c.nodeCount;
  if (target === from) return;
  const s = (sec: number) => (sec * 1000) / speed;
  c.status = "resizing";
  c.nodeCount = target;
  addEvent(c, now, "resize_requested", null, `Resizing from ${from} to ${target} machines.`);
  const finish = (at: number) => {
    c.status = "ready";
    for (const n of c.nodes) n.stage = "ready";
    if (c.stack !== "none") c.stackDetail = stackReadyDetail(c);
    addEvent(
      c,
      at,
      "cluster_ready",
      null,
      `Resize complete: ${target} machines, ${target * c.offer.gpus_per_node} GPUs.`,
    );
  };

  if (target > from) {
    const added = Array.from({ length: target - from }, (_, i) => c.rankOrigin + from + i);
    for (const rank of added) c.nodes.push(makeNode(c, rank));
    const times = added.map((rank, i) => nodeTimes(c, rank, now, speed, i, added.length));
    added.forEach((rank, i) => {
      scheduleNode(c, rank, times[i] as NodeTimes, (at) => {
        const n = c.nodes.find((x) => x.rank === rank);
        if (n) n.billed = true;
        const billed = c.nodes.filter((x) => x.billed).length;
        addEvent(
          c,
          at,
          "node_added",
          rank,
          `${c.name}-${rank} added; billing ${billed} machines at ${money(c.offer.hourly_rate_per_node)}/h each.`,
        );
      });
    });
    const joined = Math.max(...times.map((t) => t.joined));
    schedule(c, joined + s(c.stack === "none" ? 0 : 6), finish);
  } else {
    const removed = c.nodes.filter((n) => n.rank >= c.rankOrigin + target).sort((a, b) => b.rank - a.rank);
    removed.forEach((n, i) => {
      schedule(c, now + s(3 + i * 0.5), (at) => {
        n.status = "terminated";
        n.billed = false;
        c.nodes = c.nodes.filter((x) => x !== n);
        addEvent(c, at, "node_removed", n.rank, `${c.name}-${n.rank} removed; billing stopped for it.`);
      });
    });
    schedule(c, now + s(3.5 + removed.length * 0.5), finish);
  }
}
