/**
 * A cluster's history on the audit page: the console's entries beside the events Runcrate recorded, newest first,
 * and the page's `cluster` parameter read without trusting it.
 */
import { describe, expect, it } from "vitest";
import { clusterHistory, readClusterParam } from "@/lib/audit/audit";

const entry = (id: string, at: string, action: "launch" | "terminate" = "launch") => ({
  id,
  at,
  action,
  actorEmail: "ada@example.com",
  keyLabel: "prod",
  detail: null,
});
const event = (eventId: number, at: string, kind = "node_stage") => ({
  eventId,
  at,
  kind,
  rank: null,
  message: `event ${eventId}`,
});

describe("clusterHistory", () => {
  it("interleaves the console's entries with Runcrate's events, newest first", () => {
    const items = clusterHistory(
      [entry("a", "2026-01-01T00:00:00.500Z"), entry("b", "2026-01-01T00:10:00Z", "terminate")],
      [
        event(1, "2026-01-01T00:00:01Z", "cluster_created"),
        event(2, "2026-01-01T00:05:00Z", "cluster_ready"),
        event(3, "2026-01-01T00:10:02Z", "cluster_terminated"),
      ],
    );
    expect(items.map((i) => i.id)).toEqual([
      "runcrate-3",
      "console-b",
      "runcrate-2",
      "runcrate-1",
      "console-a",
    ]);
    expect(items[1]).toMatchObject({
      source: "console",
      action: "terminate",
      actor: "ada@example.com",
      keyLabel: "prod",
    });
    expect(items[0]).toMatchObject({ source: "runcrate", kind: "cluster_terminated", message: "event 3" });
  });

  it("shows an event kept under two of the user's keys once, and puts an event at the same instant above the action", () => {
    const at = "2026-01-01T00:00:00Z";
    const items = clusterHistory([entry("a", at)], [event(7, at), event(7, at), event(8, at)]);
    expect(items.map((i) => i.id)).toEqual(["runcrate-8", "runcrate-7", "console-a"]);
  });

  it("keeps an item with an unreadable time, at the end, rather than failing the page", () => {
    const items = clusterHistory([entry("a", "2026-01-01T00:00:00Z")], [event(1, "not a time")]);
    expect(items.map((i) => i.id)).toEqual(["console-a", "runcrate-1"]);
  });

  it("is empty for a cluster with nothing recorded", () => {
    expect(clusterHistory([], [])).toEqual([]);
  });
});

describe("readClusterParam", () => {
  it("reads no parameter as the whole log and one id as that cluster", () => {
    expect(readClusterParam(undefined)).toEqual({ ok: true, clusterId: null });
    expect(readClusterParam(" cl_42 ")).toEqual({ ok: true, clusterId: "cl_42" });
  });

  it.each([
    ["several ids", ["a", "b"]],
    ["an empty id", "  "],
    ["an id of 201 characters", "x".repeat(201)],
    ["a control character", "cl\n1"],
  ])("refuses %s with a message", (_, value) => {
    const read = readClusterParam(value);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(/cluster/);
  });
});
