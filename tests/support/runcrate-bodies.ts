/** Small, valid Runcrate API objects for client tests (the API's own casing). */
import seed from "@/tests/fixtures/seed-create-cluster.json";

export const TEST_KEY = "rc_live_TestKey0123456789abcdefABCDEF";

export const seedBodies = seed;

export function cluster(overrides: Record<string, unknown> = {}) {
  return {
    id: "3c90c3cc-0d44-4b50-8888-8dd25736052a",
    name: "train",
    status: "provisioning",
    stack: "slurm",
    stack_status: "pending",
    node_count: 2,
    gpu_type: "H100",
    gpus_per_node: 8,
    hourly_rate_per_node: 20,
    created_at: "2026-11-30T01:00:00Z",
    ...overrides,
  };
}

export function offer(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    gpu_type: "H100",
    gpus_per_node: 8,
    deployment_type: "vm",
    host_tier: "datacenter",
    hourly_rate_per_node: 20,
    min_nodes: 2,
    max_nodes: 16,
    stacks: ["none", "slurm"],
    ...overrides,
  };
}

export const createBody = { name: "train", offer_id: "offer-h100", node_count: 2, stack: "slurm" as const };
