import fc from "../support/fast-check";
import { describe, expect, it } from "vitest";
import {
  nodeCountFor,
  describeNodeCounts,
  knownStacks,
  pricePerGpuHour,
  storageBlockedReason,
  takesNodeCount,
  validNodeCounts,
} from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";
import { offerArb } from "./support/offer-arbitrary";
import { offerFixture } from "../support/fixtures";

const base: Offer = offerFixture({
  id: "h100-fi",
  gpu_type: "H100",
  interconnect: { kind: "infiniband", label: "IB", rate_gbps: 3200 },
  hourly_rate_per_node: 20,
  min_nodes: 1,
  max_nodes: 100,
  allowed_node_counts: null,
  stacks: ["none", "slurm"],
});

describe("validNodeCounts", () => {
  it("clips the offer's range to the API's 2–64", () => {
    const c = validNodeCounts(base);
    expect(c[0]).toBe(2);
    expect(c.at(-1)).toBe(64);
    expect(c).toHaveLength(63);
  });
  it("uses allowed_node_counts when present, sorted, deduplicated, inside the range", () => {
    expect(
      validNodeCounts({ ...base, min_nodes: 2, max_nodes: 16, allowed_node_counts: [16, 4, 4, 32, 1, 8] }),
    ).toEqual([4, 8, 16]);
  });
  it("treats an empty allowed list as 'any count in range'", () => {
    expect(validNodeCounts({ ...base, min_nodes: 3, max_nodes: 5, allowed_node_counts: [] })).toEqual([
      3, 4, 5,
    ]);
  });
  it("is empty when nothing fits", () => {
    expect(validNodeCounts({ ...base, min_nodes: 65, max_nodes: 70 })).toEqual([]);
    expect(describeNodeCounts({ ...base, min_nodes: 65, max_nodes: 70 })).toBe("no valid node count");
  });
  it("agrees with takesNodeCount for every count (property)", () => {
    fc.assert(
      fc.property(offerArb, fc.integer({ min: -5, max: 100 }), (offer, n) => {
        expect(validNodeCounts(offer).includes(n)).toBe(takesNodeCount(offer, n));
      }),
    );
  });
  it("describes ranges and lists", () => {
    expect(describeNodeCounts({ ...base, min_nodes: 2, max_nodes: 16 })).toBe("2–16 nodes");
    expect(describeNodeCounts({ ...base, allowed_node_counts: [2, 4, 8] })).toBe("2, 4 or 8 nodes");
  });
});

describe("offer facts", () => {
  it("refuses storage on community hosts and on offers without volume support, with the reason", () => {
    expect(storageBlockedReason(base)).toBeNull();
    expect(storageBlockedReason({ ...base, volume: false })).toMatch(/does not take storage/);
    expect(storageBlockedReason({ ...base, host_tier: "community", volume: true })).toMatch(
      /Community hosts/,
    );
  });
  it("keeps only stacks the API can create, in a fixed order", () => {
    expect(knownStacks({ ...base, stacks: ["ray", "mystery", "none"] })).toEqual(["none", "ray"]);
  });
  it("prices per GPU-hour, and not at all for zero-GPU offers", () => {
    expect(pricePerGpuHour(base)).toBe(2.5);
    expect(pricePerGpuHour({ ...base, gpus_per_node: 0 })).toBeNull();
  });
});

describe("nodeCountFor (a launch link's ?nodes=)", () => {
  const offer = { min_nodes: 2, max_nodes: 16, allowed_node_counts: [2, 4, 8, 16] };
  it("keeps an offered count and says nothing", () => {
    expect(nodeCountFor(offer, 4)).toEqual({ count: 4, adjustedFrom: null });
  });
  it("picks the nearest offered count and says which was asked", () => {
    expect(nodeCountFor(offer, 3)).toEqual({ count: 2, adjustedFrom: 3 });
    expect(nodeCountFor(offer, 7)).toEqual({ count: 8, adjustedFrom: 7 });
    expect(nodeCountFor(offer, 64)).toEqual({ count: 16, adjustedFrom: 64 });
  });
  it("has nothing to offer when the offer takes no count", () => {
    expect(nodeCountFor({ min_nodes: 4, max_nodes: 2, allowed_node_counts: null }, 3)).toBeNull();
  });
});
