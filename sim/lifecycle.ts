/**
 * Provisioning on the clock (runcrate-api.md §4 and §5 #6–#11): every node goes queued → booting → networking →
 * shared (VMs only) → stack/ready, rank by rank; `up_at` when the last one has joined (billing starts for all nodes
 * at once); then the stack installs (`stack_status` installing → ready) and the volume syncs; then `ready_at`.
 * A failing cluster fails all-or-nothing before `up_at`, so nothing is ever billed for it.
 * Durations are in simulated seconds at SIM_SPEED=1 (ready in about a minute) and divided by the speed.
 */
import { randomUUID } from "node:crypto";
import type { Stack } from "../lib/runcrate/schemas";
import type { SimOffer } from "./catalogue";
import { addEvent, schedule, scheduleBillingPeriod } from "./engine";
import { money } from "./errors";
import { newLedger, openLedger } from "./ledger";
import type { SimCluster, SimNode } from "./model";
import { hash32, seededRandom } from "./random";
import { STACK_NAMES, stackInstallingDetail, stackReadyDetail } from "./stack-text";

const STACK_SECONDS: Record<Stack, number> = { none: 0, slurm: 22, kubernetes: 32, ray: 14 };

export interface NewCluster {
  name: string;
  environment: string;
  offer: SimOffer;
  nodeCount: number;
  stack: Stack;
  sshKeyIds: string[];
  storage: { id: string; name: string } | null;
  createdAt: number;
  clusterSeq: number;
  /** 0, or 1 with the `rank-origin-1` variant. */
  rankOrigin?: number;
}

/** A node's planned addresses: overlay in the cluster's 10.x.y.0/24, public IP from a documentation range. */
export function makeNode(
  c: Pick<SimCluster, "id" | "subnet" | "offer" | "rankOrigin">,
  rank: number,
): SimNode {
  const h = hash32(c.id);
  const community = c.offer.host_tier === "community";
  const range = community ? "198.51.100" : "203.0.113";
  const container = c.offer.deployment_type === "container";
  return {
    rank,
    instanceId: randomUUID(),
    status: "pending",
    stage: "queued",
    overlay: `${c.subnet}.${rank - c.rankOrigin + 2}`,
    ip: `${range}.${((h + rank * 7) % 250) + 3}`,
    sshPort: container ? 30000 + ((h + rank * 131) % 20000) : 22,
    hasAddress: false,
    billed: false,
  };
}

export function newCluster(spec: NewCluster): SimCluster {
  const id = randomUUID();
  const h = hash32(id);
  const c: SimCluster = {
    id,
    name: spec.name,
    environment: spec.environment,
    offer: spec.offer,
    stack: spec.stack,
    status: "provisioning",
    stackStatus: "pending",
    stackDetail:
      spec.stack === "none"
        ? "No stack requested."
        : `${STACK_NAMES[spec.stack]} installs once every machine has joined.`,
    nodeCount: spec.nodeCount,
    rankOrigin: spec.rankOrigin ?? 0,
    nodes: [],
    events: [],
    nextEventId: 1,
    createdAt: spec.createdAt,
    upAt: null,
    readyAt: null,
    terminatedAt: null,
    billedSince: null,
    storage: spec.storage,
    sshKeyIds: spec.sshKeyIds,
    lastTest: null,
    failureReason: null,
    failureDetail: null,
    subnet: `10.${16 + (h % 200)}.${spec.clusterSeq % 256}`,
    queue: [],
    ledger: newLedger(),
  };
  for (let i = 0; i < spec.nodeCount; i++) c.nodes.push(makeNode(c, c.rankOrigin + i));
  return c;
}

const nodeName = (c: SimCluster, rank: number) => `${c.name}-${rank}`;
const nodeAt = (c: SimCluster, rank: number) => c.nodes.find((n) => n.rank === rank);

export interface NodeTimes {
  boot: number;
  net: number;
  shared: number | null;
  joined: number;
}

/** Times at which one node boots, gets its address, mounts /shared and joins, starting from `from`. */
export function nodeTimes(
  c: SimCluster,
  rank: number,
  from: number,
  speed: number,
  index: number,
  total: number,
): NodeTimes {
  const rnd = seededRandom(`${c.id}:${rank}`);
  const s = (sec: number) => (sec * 1000) / speed;
  const stagger = Math.min(2, 20 / total);
  const boot = from + s(1 + (index + rnd() * 0.5) * stagger);
  const net = boot + s(12 + rnd() * 4);
  const shared = c.offer.deployment_type === "vm" ? net + s(4 + rnd() * 2) : null;
  const joined = (shared ?? net) + s(3 + rnd() * 2);
  return { boot, net, shared, joined };
}

/** Schedule one node's way up; `onJoined` runs when it has joined the private network. */
export function scheduleNode(
  c: SimCluster,
  rank: number,
  t: NodeTimes,
  onJoined: (at: number) => void,
): void {
  schedule(c, t.boot, (at) => {
    const n = nodeAt(c, rank);
    if (!n) return;
    n.status = "provisioning";
    n.stage = "booting";
    addEvent(
      c,
      at,
      "node_booting",
      rank,
      `${nodeName(c, rank)} is booting (${c.offer.gpus_per_node}× ${c.offer.gpu_type}, ${c.offer.location}).`,
    );
  });
  schedule(c, t.net, (at) => {
    const n = nodeAt(c, rank);
    if (!n) return;
    n.stage = "networking";
    n.hasAddress = true;
    addEvent(c, at, "node_up", rank, `${nodeName(c, rank)} is up at ${n.ip}; joining the private network.`);
  });
  if (t.shared !== null) {
    schedule(c, t.shared, () => {
      const n = nodeAt(c, rank);
      if (n) n.stage = "shared";
    });
  }
  schedule(c, t.joined, (at) => {
    const n = nodeAt(c, rank);
    if (!n) return;
    n.status = "running";
    n.stage = c.stack === "none" ? "ready" : "stack";
    addEvent(c, at, "node_joined", rank, `${nodeName(c, rank)} joined the private network as ${n.overlay}.`);
    onJoined(at);
  });
}

/** Plan the whole provisioning of a new cluster; `fail` makes it fail all-or-nothing before up_at. */
export function planProvisioning(c: SimCluster, speed: number, fail: boolean): void {
  const s = (sec: number) => (sec * 1000) / speed;
  const rnd = seededRandom(`${c.id}:plan`);
  addEvent(
    c,
    c.createdAt,
    "cluster_created",
    null,
    `Creating ${c.nodeCount} × ${c.offer.gpus_per_node}× ${c.offer.gpu_type} in ${c.offer.location} (${STACK_NAMES[c.stack]}).`,
  );
  const times = c.nodes.map((n, i) => nodeTimes(c, n.rank, c.createdAt, speed, i, c.nodeCount));
  c.nodes.forEach((n, i) => scheduleNode(c, n.rank, times[i] as NodeTimes, () => undefined));
  const upAt = Math.max(...times.map((t) => t.joined));

  if (fail) {
    const index = Math.floor(rnd() * c.nodeCount);
    const failAt = (times[index] as NodeTimes).boot + s(6 + rnd() * 4);
    schedule(c, failAt, (at) => failProvisioning(c, at, c.rankOrigin + index));
  }

  schedule(c, upAt, (at) => {
    c.upAt = at;
    c.billedSince = at;
    for (const n of c.nodes) n.billed = true;
    openLedger(c, at);
    scheduleBillingPeriod(c);
    const perNode = c.offer.hourly_rate_per_node;
    addEvent(
      c,
      at,
      "network_ready",
      null,
      `All ${c.nodeCount} machines are up and joined; billing started for ${c.nodeCount} machines at ${money(perNode)}/h each (${money(perNode * c.nodeCount)}/h).`,
    );
    if (c.offer.deployment_type === "vm") {
      addEvent(
        c,
        at,
        "shared_ready",
        null,
        `/shared is exported from ${nodeName(c, c.rankOrigin)} and mounted on every machine.`,
      );
    }
    if (c.stack === "none") {
      c.stackStatus = "ready";
      c.stackDetail = "No stack requested: plain machines with SSH between them.";
    } else {
      c.stackStatus = "installing";
      c.stackDetail = stackInstallingDetail(c);
      addEvent(c, at, "stack_installing", null, `Installing ${c.stackDetail.replace(/^Installing /, "")}`);
    }
  });

  let readyAt = upAt;
  if (c.stack !== "none") {
    const stackDone = upAt + s(STACK_SECONDS[c.stack] + rnd() * 6);
    readyAt = Math.max(readyAt, stackDone);
    schedule(c, stackDone, (at) => {
      c.stackStatus = "ready";
      c.stackDetail = stackReadyDetail(c);
      addEvent(c, at, "stack_ready", null, c.stackDetail);
    });
  }
  if (c.storage) {
    const synced = upAt + s(5 + rnd() * 3);
    readyAt = Math.max(readyAt, synced);
    const volume = c.storage;
    schedule(c, synced, (at) =>
      addEvent(
        c,
        at,
        "volume_synced",
        c.rankOrigin,
        `Volume ${volume.name} synced into /shared/volume on ${nodeName(c, c.rankOrigin)}.`,
      ),
    );
  }
  schedule(c, readyAt, (at) => {
    c.status = "ready";
    c.readyAt = at;
    for (const n of c.nodes) n.stage = "ready";
    addEvent(
      c,
      at,
      "cluster_ready",
      null,
      `Cluster ready: ${c.nodeCount} machines, ${c.nodeCount * c.offer.gpus_per_node} GPUs.`,
    );
  });
}

const FAILURES = [
  "GPU 3 reported Xid 79 (GPU has fallen off the bus) during the health check",
  "the host's InfiniBand port stayed down (link training failed)",
  "the machine did not answer within the boot deadline",
];

/** All-or-nothing: one machine fails, every machine is released, nothing is billed, up_at stays null. */
export function failProvisioning(c: SimCluster, at: number, rank: number): void {
  c.queue = [];
  const why = FAILURES[hash32(c.id) % FAILURES.length] as string;
  for (const n of c.nodes) {
    n.status = n.rank === rank ? "failed" : "terminated";
    n.billed = false;
  }
  c.status = "failed";
  c.stackStatus = "failed";
  c.stackDetail = "Not installed: the cluster failed before every machine joined.";
  c.failureReason = "node_failed";
  c.failureDetail =
    `Machine ${nodeName(c, rank)} (rank ${rank}) failed while provisioning: ${why}. ` +
    `A cluster starts all of its machines or none, so the other ${c.nodeCount - 1} were released. Nothing was billed.`;
  addEvent(
    c,
    at,
    "cluster_failed",
    rank,
    `${nodeName(c, rank)} failed: ${why}. Releasing every machine; nothing is billed.`,
  );
}
