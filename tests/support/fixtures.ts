/**
 * Fixtures for tests that render or compute with Runcrate objects, shaped as lib/runcrate/schemas reads them: an
 * offer (a datacenter H100 offer unless told otherwise), a community offer, and a ready two-node cluster.
 */
import type { Listed, ListNotes } from "@/lib/runcrate/listed";
import type { Cluster, Offer } from "@/lib/runcrate/schemas";

export function offerFixture(over: Partial<Offer> = {}): Offer {
  return {
    id: "h100-8x-ib-helsinki",
    gpu_type: "H100 SXM",
    gpus_per_node: 8,
    deployment_type: "vm",
    host_tier: "datacenter",
    location: "Helsinki",
    country_code: "FI",
    interconnect: { kind: "infiniband", label: "NDR", rate_gbps: 3200 },
    hourly_rate_per_node: 18,
    min_nodes: 2,
    max_nodes: 8,
    allowed_node_counts: [2, 4, 8],
    stacks: ["none", "slurm", "lsf"],
    volume: true,
    ...over,
  };
}

export function communityOfferFixture(over: Partial<Offer> = {}): Offer {
  return offerFixture({
    id: "rtx-4090-community",
    gpu_type: "RTX 4090",
    host_tier: "community",
    volume: false,
    allowed_node_counts: null,
    ...over,
  });
}

/** A ready two-node cluster; override what a test is about. */
export function makeCluster(over: Partial<Cluster> = {}): Cluster {
  return {
    id: "0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60",
    name: "train",
    status: "ready",
    stack: "slurm",
    stack_status: "ready",
    stack_detail: null,
    node_count: 2,
    gpu_type: "H100",
    gpus_per_node: 8,
    deployment_type: "vm",
    host_tier: "datacenter",
    location: "Helsinki",
    country_code: "FI",
    interconnect: { kind: "infiniband", label: "InfiniBand NDR 400", rate_gbps: 400, note: null },
    hourly_rate_per_node: 20,
    hourly_rate: 40,
    created_at: "2026-01-01T00:00:00.000Z",
    up_at: "2026-01-01T00:01:00.000Z",
    ready_at: "2026-01-01T00:03:00.000Z",
    terminated_at: null,
    nodes: [],
    connection: null,
    shared: null,
    events: [],
    last_test: null,
    billing: { billed_since: "2026-01-01T00:01:00.000Z", nodes_billed: 2 },
    resize: true,
    failure_reason: null,
    failure_detail: null,
    ...over,
  };
}

export const T0 = Date.parse("2026-01-01T00:00:00.000Z");

/** The notes of a list with nothing left out. */
export const WHOLE_LIST: ListNotes = { unreadable: 0, incomplete: false, fields: [] };

/** A list as the Runcrate client returns it, with nothing left out. */
export function whole<T>(items: T[]): Listed<T> {
  return { items, notes: WHOLE_LIST };
}
