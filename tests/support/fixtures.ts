/**
 * Fixtures for tests that render or compute with Runcrate objects: an offer (a datacenter H100 offer unless told
 * otherwise) and a community offer, shaped as lib/runcrate/schemas reads them.
 */
import type { Offer } from "@/lib/runcrate/schemas";

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
