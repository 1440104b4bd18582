import { describe, expect, it } from "vitest";
import { addressLimitKey } from "@/lib/accounts/server/rate-limits";

/** What the per-address limits count a client address as (lib/accounts/server/rate-limits.ts). */
describe("addressLimitKey", () => {
  it("counts IPv4 by the address, also when it comes IPv4-mapped", () => {
    expect(addressLimitKey("192.0.2.7")).toBe("192.0.2.7");
    expect(addressLimitKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressLimitKey("::ffff:c000:207")).toBe("192.0.2.7");
  });

  it("counts IPv6 by its /64 by default, however the address is written", () => {
    const net = "2001:db8:1:2:0:0:0:0/64";
    for (const a of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:a:b:c:d",
      "[2001:db8:1:2::99]",
      "fe80::1%eth0".replace("fe80::1", "2001:db8:1:2::1"),
      "2001:db8:1:2::192.0.2.1",
    ])
      expect(addressLimitKey(a), a).toBe(net);
    expect(addressLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3:0:0:0:0/64");
  });

  it("takes the prefix length it is given, bits inside a word too", () => {
    expect(addressLimitKey("2001:db8:1:2::1", 48)).toBe("2001:db8:1:0:0:0:0:0/48");
    expect(addressLimitKey("2001:db8:1:2ff::1", 56)).toBe("2001:db8:1:200:0:0:0:0/56");
    expect(addressLimitKey("2001:db8::5", 128)).toBe("2001:db8:0:0:0:0:0:5/128");
  });

  it("leaves what is not an address as it is (no address known)", () => {
    expect(addressLimitKey("unknown")).toBe("unknown");
    expect(addressLimitKey("")).toBe("");
  });

  it("is 64 bits by default (RATE_LIMIT_IPV6_PREFIX)", () => {
    expect(addressLimitKey("2001:db8:1:2:3:4:5:6")).toBe(addressLimitKey("2001:db8:1:2:3:4:5:6", 64));
  });
});
