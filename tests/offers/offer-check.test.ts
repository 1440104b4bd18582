import { describe, expect, it } from "vitest";
import { priceChange, stockShortfall } from "@/lib/launch/offer-check";
import { offerFixture } from "../support/fixtures";

/** What a launch checks against the offer read again right before the create. */
describe("the offer read again before a launch", () => {
  const offer = offerFixture({ hourly_rate_per_node: 21.5 });

  it("refuses a price the form did not show, naming both prices and the cluster's rate", () => {
    expect(priceChange({ hourlyRatePerNode: 19.92 }, offer, 4)).toBe(
      "This offer's price changed since the page was loaded: $19.92 → $21.50 per node-hour ($86.00/h for 4 nodes). " +
        "Nothing was launched; the form now shows the new price. Launch again to accept it.",
    );
    // Runcrate's own whole-cluster rate, where it gives one.
    expect(priceChange({ hourlyRatePerNode: 19.92 }, { ...offer, hourly_rate: 85 }, 4)).toContain(
      "($85.00/h for 4 nodes)",
    );
  });

  it("lets the same price (to the cent) and a launch without a seen price through", () => {
    expect(priceChange({ hourlyRatePerNode: 21.501 }, offer, 4)).toBeNull();
    expect(priceChange(undefined, offer, 4)).toBeNull();
  });

  it("refuses more machines than Runcrate says are free; unknown stock is left to the launch", () => {
    expect(stockShortfall({ nodes_available: 3 }, 4)).toBe(
      "Only 3 machines are free on this offer right now; pick 3 or fewer, or another offer.",
    );
    expect(stockShortfall({ nodes_available: 1 }, 2)).toMatch(/^Only 1 machine is free/);
    expect(stockShortfall({ nodes_available: 0 }, 2)).toMatch(/^No machines of this offer are free/);
    expect(stockShortfall({ nodes_available: 4 }, 4)).toBeNull();
    expect(stockShortfall({ nodes_available: null }, 64)).toBeNull();
    expect(stockShortfall({}, 64)).toBeNull();
  });
});
