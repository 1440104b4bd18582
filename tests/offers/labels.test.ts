import { describe, expect, it } from "vitest";
import { deploymentLabel, hostTierLabel, interconnectKindLabel, linkRateLabel } from "@/lib/offers/labels";

describe("machine-fact labels, one spelling on every page", () => {
  it("writes link rates with separators and one unit", () => {
    expect(linkRateLabel(3200)).toBe("3,200 Gbps");
    expect(linkRateLabel(400)).toBe("400 Gbps");
  });

  it("names known tiers, deployment types and interconnects, and keeps unknown ones as the API sent them", () => {
    expect(hostTierLabel("datacenter")).toBe("Datacenter");
    expect(deploymentLabel("vm")).toBe("VM");
    expect(interconnectKindLabel("infiniband")).toBe("InfiniBand");
    expect(hostTierLabel("edge")).toBe("edge");
    expect(deploymentLabel("bare-metal")).toBe("bare-metal");
  });
});
