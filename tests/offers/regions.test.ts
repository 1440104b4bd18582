import { describe, expect, it } from "vitest";
import { volumeFitsOffer } from "@/lib/offers/regions";

describe("volumeFitsOffer", () => {
  it("marks a volume on another continent", () => {
    expect(volumeFitsOffer("us-east-1", "FI")).toBe(false);
    expect(volumeFitsOffer("eu-central-1", "US")).toBe(false);
  });
  it("accepts one in the same area", () => {
    expect(volumeFitsOffer("us-east-1", "US")).toBe(true);
    expect(volumeFitsOffer("ca-central-1", "US")).toBe(true);
    expect(volumeFitsOffer("eu-north-1", "se")).toBe(true);
    expect(volumeFitsOffer("ap-northeast-1", "JP")).toBe(true);
  });
  it("says nothing it can't know: a numeric region id, an unknown name or country", () => {
    expect(volumeFitsOffer(137, "US")).toBeNull();
    expect(volumeFitsOffer("wasabi-hot", "US")).toBeNull();
    expect(volumeFitsOffer("us-east-1", null)).toBeNull();
    expect(volumeFitsOffer("us-east-1", "ZZ")).toBeNull();
  });
});
