import { describe, expect, it } from "vitest";
import { clusterSchema } from "@/lib/runcrate/schemas";
import { sharedClusterView } from "@/lib/share/share-links";

/**
 * What a share link sends a teammate (lib/share/share-links.ts): an allow-list, nested objects too, and none of the
 * free text Runcrate writes, since addresses and host names hide in it in forms no pattern catches.
 */

const SECRETS = [
  "fd00::5",
  "2001:db8::1",
  "10.0.0.4",
  "gpu-node-3.internal.example.net",
  "ssh -p 2201 root@203.0.113.9",
  "inst-0a1b2c3d",
];

const cluster = clusterSchema.parse({
  id: "c-1",
  name: "train",
  status: "failed",
  stack: "slurm",
  stack_status: "failed",
  stack_detail: `slurmctld on ${SECRETS[3]} (${SECRETS[0]}) did not start`,
  node_count: 2,
  gpu_type: "H100",
  gpus_per_node: 8,
  interconnect: {
    kind: "infiniband",
    label: "InfiniBand 400G",
    rate_gbps: 400,
    note: null,
    fabric_ip: SECRETS[2],
  },
  hourly_rate_per_node: 20,
  hourly_rate: 40,
  created_at: "2026-03-01T10:00:00.000Z",
  nodes: [
    { rank: 0, role: "head", name: "train-0", status: "failed", stage: "failed", gpus: 8, ip: SECRETS[2] },
    { rank: 1, role: "worker", name: "train-1", status: "failed", stage: "failed", gpus: 8 },
  ],
  events: [
    { id: 1, at: "2026-03-01T10:00:00.000Z", kind: "node_up", rank: 1, message: `up at ${SECRETS[1]}` },
    { id: 2, at: "2026-03-01T10:01:00.000Z", kind: "stack_failed", rank: null, message: SECRETS[4] },
  ],
  last_test: {
    id: "t-1",
    kind: "nccl_all_reduce",
    status: "failed",
    result: {
      sizes: [{ bytes: 1024, algbw_gb_s: 1, busbw_gb_s: 2, time_us: 3, host: SECRETS[3] }],
      error: `rank 1 (${SECRETS[0]}) unreachable`,
      note: `via ${SECRETS[5]}`,
    },
  },
  failure_reason: "stack_failed",
  failure_detail: `see ${SECRETS[4]}`,
});

describe("sharedClusterView", () => {
  it("shares no address, host name, command or instance id, in any field or nested object", () => {
    const json = JSON.stringify(sharedClusterView(cluster));
    for (const s of SECRETS) expect(json, s).not.toContain(s);
    expect(json).not.toContain("fabric_ip");
    expect(json).not.toContain('"host"');
  });

  it("keeps what a teammate reads: events by kind and rank, the test's figures, the interconnect's rate", () => {
    const view = sharedClusterView(cluster);
    expect(view.events?.map((e) => [e.id, e.kind, e.rank, e.message])).toEqual([
      [1, "node_up", 1, ""],
      [2, "stack_failed", null, ""],
    ]);
    expect(view.last_test?.result?.sizes).toEqual([
      { bytes: 1024, algbw_gb_s: 1, busbw_gb_s: 2, time_us: 3 },
    ]);
    expect(view.last_test?.status).toBe("failed");
    expect(view.interconnect).toEqual({
      kind: "infiniband",
      label: "InfiniBand 400G",
      rate_gbps: 400,
      note: null,
    });
    expect(view.failure_reason).toBe("stack_failed");
    expect(view.nodes.map((n) => [n.rank, n.name, n.status])).toEqual([
      [0, "train-0", "failed"],
      [1, "train-1", "failed"],
    ]);
  });
});
