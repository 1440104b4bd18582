import { describe, expect, it } from "vitest";
import { terminateOutcome } from "@/lib/clusters/terminate-outcome";

const base = {
  name: "power-3fa9c1",
  up_at: "2026-03-02T09:00:00.000Z",
  billing: null,
  hourly_rate: null,
  hourly_rate_per_node: 2.5,
  node_count: 4,
};
const now = Date.parse("2026-03-02T12:00:00.000Z");

describe("what the Terminate dialog says after a terminate", () => {
  it("says terminating, and when billing stops, while the machines shut down", () => {
    expect(terminateOutcome({ ...base, status: "terminating", terminated_at: null }, now)).toEqual({
      title: "Terminating power-3fa9c1",
      description: "Billing stops when the machines are shut down.",
    });
  });

  it("says terminated with the final cost when the API answers it terminated with its termination time", () => {
    // Two hours × 4 nodes × $2.50.
    const c = { ...base, status: "terminated", terminated_at: "2026-03-02T11:00:00.000Z" };
    expect(terminateOutcome(c, now)).toEqual({
      title: "power-3fa9c1 is terminated",
      description: "Billing has stopped. Final cost $20.00.",
    });
  });

  it("states no figure when the API says terminated without a termination time", () => {
    expect(terminateOutcome({ ...base, status: "terminated", terminated_at: null }, now)).toEqual({
      title: "power-3fa9c1 is terminated",
      description: "Billing has stopped.",
    });
  });
});
