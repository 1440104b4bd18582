/**
 * The NCCL all-reduce test (§2.8, §5 #15). Results follow nccl-tests: message sizes doubling from 8 B to 8 GiB,
 * algbw = bytes / time, busbw = algbw × 2(n−1)/n with n = every GPU in the cluster. The peak bus bandwidth sits
 * below the interconnect's link rate (rate_gbps / 8 GB/s per machine): RDMA fabrics reach ~85–93 % of it, plain
 * Ethernet (TCP sockets) far less, with a much higher per-call latency.
 */
import { randomUUID } from "node:crypto";
import { addEvent, schedule, testActive } from "./engine";
import { conflict } from "./errors";
import type { SimCluster, SimTest, TestResult } from "./model";
import { seededRandom } from "./random";

const GIB = 1024 ** 3;
export const TEST_SIZES: number[] = (() => {
  const out: number[] = [];
  for (let b = 8; b <= 8 * GIB; b *= 2) out.push(b);
  return out;
})();

const EFFICIENCY = { infiniband: 0.92, roce: 0.86, ethernet: 0.55 } as const;
const LATENCY_US = { infiniband: 18, roce: 24, ethernet: 160 } as const;

type Kind = keyof typeof EFFICIENCY;
const kindOf = (k: string): Kind => (k === "infiniband" || k === "roce" ? k : "ethernet");

/** Simulated seconds a test runs at SIM_SPEED=1: a couple of minutes, longer on big clusters, at most 10. */
export function testSeconds(nodes: number): number {
  return Math.min(600, 100 + nodes * 8);
}

export function computeResult(c: SimCluster, testId: string): TestResult {
  const rnd = seededRandom(testId);
  const kind = kindOf(c.offer.interconnect.kind);
  const nodes = c.nodeCount;
  const gpus = nodes * c.offer.gpus_per_node;
  const factor = (2 * (gpus - 1)) / gpus;
  const linkGBs = c.offer.interconnect.rate_gbps / 8;
  const peakBus = linkGBs * EFFICIENCY[kind] * (0.97 + rnd() * 0.02);
  const peakAlg = peakBus / factor;
  const latencyUs = LATENCY_US[kind] * (1 + Math.log2(nodes) * 0.35);
  const sizes = TEST_SIZES.map((bytes) => {
    const noise = 1 + (rnd() - 0.5) * 0.02;
    const timeUs = (latencyUs + (bytes / (peakAlg * 1e9)) * 1e6) * noise;
    const algbw = round(bytes / (timeUs * 1e-6) / 1e9, 2);
    return { bytes, algbw_gb_s: algbw, busbw_gb_s: round(algbw * factor, 2), time_us: round(timeUs, 1) };
  });
  const peak = Math.max(...sizes.map((s) => s.busbw_gb_s));
  return { sizes, peak_busbw_gb_s: peak, nodes, gpus, error: null, note: noteFor(c, peak, linkGBs) };
}

function noteFor(c: SimCluster, peak: number, linkGBs: number): string {
  const ic = c.offer.interconnect;
  const share = Math.round((peak / linkGBs) * 100);
  const base = `Peak bus bandwidth ${peak.toFixed(1)} GB/s is ${share}% of the ${ic.label} link (${linkGBs.toFixed(1)} GB/s per machine).`;
  if (kindOf(ic.kind) === "ethernet") {
    return `${base} Ethernet carries NCCL over TCP sockets, so expect far less than InfiniBand or RoCE; fine for data parallelism with small models, slow for large all-reduces.`;
  }
  if (c.nodeCount * c.offer.gpus_per_node <= 2)
    return `${base} With so few GPUs the ring has little to overlap; numbers are indicative.`;
  return `${base} That is what a healthy ${kindOf(ic.kind) === "roce" ? "RoCE" : "InfiniBand"} fabric delivers; far less would point at a bad link or NCCL falling back to sockets.`;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** How a test runs beyond the API's rules: the variants `test-queued` and `test-seconds` set these. */
export type TestTiming = {
  /** Seconds the test waits as `queued` (no started_at) before it runs; null: it runs at once. */
  queuedSeconds?: number | null;
  /** Simulated seconds it runs; null: testSeconds(nodes). */
  runSeconds?: number | null;
};

/** POST /clusters/{id}/tests: one test at a time, only on a ready cluster. */
export function startTest(c: SimCluster, now: number, speed: number, timing: TestTiming = {}): SimTest {
  const queuedSeconds = timing.queuedSeconds ?? null;
  const runSeconds = timing.runSeconds ?? testSeconds(c.nodeCount);
  if (c.status !== "ready") {
    throw conflict("invalid_state", `Cluster ${c.name} is ${c.status}; an NCCL test needs a ready cluster.`, {
      status: c.status,
    });
  }
  if (testActive(c.lastTest)) {
    throw conflict("test_running", `An NCCL test is already running on ${c.name}; wait for it to finish.`, {
      test_id: c.lastTest?.id,
    });
  }
  const test: SimTest = {
    id: randomUUID(),
    kind: "nccl_all_reduce",
    status: queuedSeconds === null ? "running" : "queued",
    startedAt: queuedSeconds === null ? now : null,
    finishedAt: null,
    result: null,
  };
  c.lastTest = test;
  if (queuedSeconds === null) run(c, test, now, speed, runSeconds);
  else {
    addEvent(
      c,
      now,
      "test_queued",
      null,
      "NCCL all_reduce test queued; it starts when a test runner is free.",
    );
    schedule(c, now + (queuedSeconds * 1000) / speed, (at) => {
      if (c.lastTest !== test || test.status !== "queued") return;
      test.status = "running";
      test.startedAt = at;
      run(c, test, at, speed, runSeconds);
    });
  }
  return test;
}

function run(c: SimCluster, test: SimTest, now: number, speed: number, seconds: number): void {
  const gpus = c.nodeCount * c.offer.gpus_per_node;
  addEvent(
    c,
    now,
    "test_started",
    null,
    `NCCL all_reduce test started across ${gpus} GPUs on ${c.nodeCount} machines.`,
  );
  schedule(c, now + (seconds * 1000) / speed, (at) => {
    if (c.lastTest !== test || test.status !== "running") return;
    test.result = computeResult(c, test.id);
    test.status = "passed";
    test.finishedAt = at;
    addEvent(
      c,
      at,
      "test_finished",
      null,
      `NCCL all_reduce test passed: peak bus bandwidth ${test.result.peak_busbw_gb_s.toFixed(1)} GB/s.`,
    );
  });
}
