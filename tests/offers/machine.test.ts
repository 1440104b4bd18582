import { describe, expect, it } from "vitest";
import { formatGb, machineText, stockText, vramText } from "@/lib/offers/machine";

/** Stock and the machine behind each node, as the offer picker and the create form say them. */
describe("an offer's machines", () => {
  it("says what each machine has, leaving out what the offer does not say", () => {
    expect(machineText({ node: { vcpus: 192, memory_gb: 1920, storage_gb: 7680, vram_gb: 80 } })).toBe(
      "192 vCPU · 1.9 TB RAM · 7.7 TB disk",
    );
    expect(machineText({ node: { vcpus: 16, memory_gb: null, storage_gb: null, vram_gb: 24 } })).toBe(
      "16 vCPU",
    );
    expect(machineText({ node: null })).toBeNull();
    expect([480, 960, 999, 1000, 1920, 7680].map(formatGb)).toEqual([
      "480 GB",
      "960 GB",
      "999 GB",
      "1 TB",
      "1.9 TB",
      "7.7 TB",
    ]);
    expect(machineText({})).toBeNull();
    expect(vramText({ node: { vcpus: null, memory_gb: null, storage_gb: null, vram_gb: 141 } })).toBe(
      "141 GB",
    );
    expect(vramText({})).toBeNull();
  });

  it("says how many are free, marks too few for the count chosen, and says when only a launch can tell", () => {
    expect(stockText({ nodes_available: 32 }, null)).toEqual({ text: "32 free", short: false });
    expect(stockText({ nodes_available: 32 }, 16)).toEqual({ text: "32 free", short: false });
    expect(stockText({ nodes_available: 3 }, 4)).toEqual({ text: "Only 3 free", short: true });
    expect(stockText({ nodes_available: 0 }, null)).toEqual({ text: "None free right now", short: true });
    expect(stockText({ nodes_available: null }, 8)).toEqual({
      text: "Stock: only a launch can tell",
      short: false,
    });
    // The REST page's offers say nothing about stock: nothing is shown, rather than a guess.
    expect(stockText({}, 8)).toBeNull();
  });
});
