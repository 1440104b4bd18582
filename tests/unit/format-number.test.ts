import { describe, expect, it } from "vitest";
import { compareText } from "@/lib/format/collate";
import { formatBytes, formatCount, formatGbps } from "@/lib/format/number";

describe("counts", () => {
  it("groups thousands and keeps up to three fraction digits", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(3200)).toBe("3,200");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(12.5)).toBe("12.5");
    expect(formatCount(0.0005)).toBe("0.001");
    expect(formatCount(-1234.5)).toBe("-1,234.5");
  });
});

describe("bandwidths and sizes", () => {
  it("shows bandwidth whole from 100 GB/s up, with one decimal below", () => {
    expect(formatGbps(42.51)).toBe("42.5 GB/s");
    expect(formatGbps(50)).toBe("50.0 GB/s");
    expect(formatGbps(389.6)).toBe("390 GB/s");
    expect(formatGbps(3150)).toBe("3,150 GB/s");
  });
  it("shows sizes in binary units", () => {
    expect(formatBytes(8)).toBe("8 B");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(8 * 1024 ** 3)).toBe("8 GiB");
    expect(formatBytes(-1)).toBe("0 B");
  });
});

describe("text order", () => {
  it("sorts without regard to case, then lower case first", () => {
    expect(["RTX 4090", "b200", "H100", "A100", "a100"].sort(compareText)).toEqual([
      "a100",
      "A100",
      "b200",
      "H100",
      "RTX 4090",
    ]);
  });
});
