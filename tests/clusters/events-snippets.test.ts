import { describe, expect, it } from "vitest";
import { eventKindLabel, mergeEvents } from "@/lib/clusters/events";
import { envExports, snippetTabs } from "@/lib/clusters/snippets";
import { makeCluster } from "../support/fixtures";

const ev = (id: number, s: number, message = `event ${id}`) => ({
  id,
  at: `2026-01-01T00:00:${String(s).padStart(2, "0")}.000Z`,
  kind: "node_up",
  rank: id % 2,
  message,
});

describe("mergeEvents", () => {
  it("orders newest first and marks nothing new on the first poll", () => {
    const first = mergeEvents(null, [ev(1, 1), ev(3, 3), ev(2, 2)]);
    expect(first.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(first.every((e) => !e.isNew)).toBe(true);
  });

  it("marks only events that arrived since the previous poll, and never repeats one", () => {
    const first = mergeEvents(null, [ev(1, 1), ev(2, 2)]);
    const second = mergeEvents(first, [ev(1, 1), ev(2, 2), ev(3, 3), ev(4, 4)]);
    expect(second.map((e) => [e.id, e.isNew])).toEqual([
      [4, true],
      [3, true],
      [2, false],
      [1, false],
    ]);
    const third = mergeEvents(second, [ev(3, 3), ev(4, 4)]);
    expect(third.map((e) => [e.id, e.isNew])).toEqual([
      [4, false],
      [3, false],
      [2, false],
      [1, false],
    ]);
  });

  it("keeps events a later poll no longer returns (a truncated list)", () => {
    const first = mergeEvents(null, [ev(1, 1), ev(2, 2)]);
    expect(mergeEvents(first, [ev(5, 5)]).map((e) => e.id)).toEqual([5, 2, 1]);
  });

  it("dedupes repeated ids within one poll and orders equal times by id", () => {
    const merged = mergeEvents(null, [ev(7, 1), ev(7, 1), ev(8, 1)]);
    expect(merged.map((e) => e.id)).toEqual([8, 7]);
  });

  it("copes with no events at all", () => {
    expect(mergeEvents(null, null)).toEqual([]);
    expect(mergeEvents([], undefined)).toEqual([]);
  });

  it("labels kinds readably", () => {
    expect(eventKindLabel("node_joined")).toBe("Node joined");
    expect(eventKindLabel("x")).toBe("X");
  });
});

describe("snippetTabs", () => {
  const snippets = {
    torchrun: "torchrun …",
    mpirun: "mpirun …",
    deepspeed: "deepspeed …",
    sbatch: "sbatch …",
    kubectl_tunnel: "ssh -L 6443…",
    ray_tunnel: "ssh -L 8265…",
  };

  it.each([
    ["slurm", "sbatch"],
    ["kubernetes", "kubectl_tunnel"],
    ["ray", "ray_tunnel"],
  ] as const)("a %s cluster can use %s and none of the other stack tabs", (stack, usable) => {
    const tabs = snippetTabs(makeCluster({ stack, connection: { snippets } }));
    for (const t of tabs) {
      const stackTab = ["sbatch", "kubectl_tunnel", "ray_tunnel"].includes(t.name);
      if (!stackTab || t.name === usable) expect(t.disabledReason, t.name).toBeNull();
      else expect(t.disabledReason, t.name).toMatch(/^Needs the/);
    }
  });

  it("gives the reason when a stack tab does not fit", () => {
    const tabs = snippetTabs(makeCluster({ stack: "none", connection: { snippets } }));
    expect(tabs.find((t) => t.name === "sbatch")!.disabledReason).toBe(
      "Needs the Slurm stack; this cluster runs no stack.",
    );
    expect(tabs.find((t) => t.name === "sbatch")!.text).toBeNull();
  });

  it("disables a tab whose snippet is missing, saying why", () => {
    const tabs = snippetTabs(makeCluster({ status: "provisioning", connection: null }));
    expect(tabs.find((t) => t.name === "torchrun")!.disabledReason).toBe("Available once the cluster is up.");
    const ready = snippetTabs(makeCluster({ connection: { snippets: { torchrun: null } } }));
    expect(ready.find((t) => t.name === "torchrun")!.disabledReason).toMatch(/did not provide/);
  });
});

describe("envExports", () => {
  it("writes export lines and quotes values that need it", () => {
    expect(envExports({ MASTER_ADDR: "10.0.0.1", MASTER_PORT: "29500", X: "a b", Y: "it's", Z: null })).toBe(
      "export MASTER_ADDR=10.0.0.1\nexport MASTER_PORT=29500\nexport X='a b'\nexport Y='it'\\''s'",
    );
  });
});
