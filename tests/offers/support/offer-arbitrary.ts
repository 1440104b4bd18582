import fc from "../../support/fast-check";
import type { Offer } from "@/lib/runcrate/schemas";

/** Offers shaped like the API's (and the simulator's), including awkward ones: allowed counts outside the range, unknown stacks. */
export const offerArb: fc.Arbitrary<Offer> = fc
  .record({
    id: fc.stringMatching(/^[a-z][a-z0-9-]{2,20}$/),
    gpu_type: fc.constantFrom("H100", "A100-80G", "L40S", "RTX 4090"),
    gpus_per_node: fc.constantFrom(1, 2, 4, 8),
    deployment_type: fc.constantFrom("vm", "container"),
    host_tier: fc.constantFrom("datacenter", "community"),
    location: fc.constantFrom("Helsinki", "Dallas", null),
    country_code: fc.constantFrom("FI", "US", null),
    interconnect: fc.option(
      fc.record({
        kind: fc.constantFrom("infiniband", "roce", "ethernet"),
        label: fc.constant("x"),
        rate_gbps: fc.integer({ min: 10, max: 3200 }),
      }),
      { nil: null },
    ),
    hourly_rate_per_node: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
    min_nodes: fc.integer({ min: 1, max: 70 }),
    span: fc.integer({ min: 0, max: 40 }),
    allowed_node_counts: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { maxLength: 6 }), {
      nil: null,
    }),
    stacks: fc.subarray(["none", "slurm", "kubernetes", "ray", "weird"]),
    volume: fc.boolean(),
  })
  .map(({ span, ...o }) => ({
    ...o,
    max_nodes: o.min_nodes + span,
    volume: o.host_tier === "community" ? false : o.volume,
  }));
