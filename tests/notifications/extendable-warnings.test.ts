import { describe, expect, it } from "vitest";
import { extendableWarnings } from "@/lib/notifications/notification-view";

const NOW = Date.parse("2026-12-07T12:00:00Z");
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000);
const entry = (id: string, kind: string, clusterId: string | null, minutesAgo: number) => ({
  id,
  kind,
  clusterId,
  createdAt: at(minutesAgo),
});

describe("which inbox warnings offer Extend", () => {
  it("each cluster's newest warning of the last day, unless the cluster ended after it", () => {
    const entries = [
      // newest first, as the inbox lists them
      entry("a2", "limit-warning", "a", 5),
      entry("b-end", "auto-terminated", "b", 6),
      entry("a1", "limit-warning", "a", 25),
      entry("b1", "limit-warning", "b", 30),
      entry("c1", "limit-warning", "c", 25 * 60),
      entry("d0", "cluster-ready", "d", 40),
      entry("x", "balance-low", null, 1),
    ];
    expect([...extendableWarnings(entries, NOW)]).toEqual(["a2"]);
  });
});
