import { describe, expect, it } from "vitest";
import { nextName, relaunchPrefill, sourceFromCluster, sourceFromRecord } from "@/lib/launch/relaunch";
import type { Offer } from "@/lib/runcrate/schemas";
import { makeCluster, offerFixture } from "../support/fixtures";

const offer = (over: Partial<Offer> = {}): Offer =>
  offerFixture({
    id: "h100-8x",
    gpu_type: "H100",
    interconnect: null,
    hourly_rate_per_node: 20,
    allowed_node_counts: null,
    stacks: ["none", "slurm", "ray"],
    ...over,
  });

const KEY_A = "11111111-1111-4111-8111-111111111111";
const KEY_B = "22222222-2222-4222-8222-222222222222";
const VOL = "33333333-3333-4333-8333-333333333333";

describe("nextName", () => {
  it("adds or bumps a number, skipping names in use, within 63 characters", () => {
    expect(nextName("train")).toBe("train-2");
    expect(nextName("train-2")).toBe("train-3");
    expect(nextName("train", new Set(["train-2", "train-3"]))).toBe("train-4");
    const long = "a".repeat(63);
    expect(nextName(long)).toBe(`${"a".repeat(61)}-2`);
  });
});

describe("relaunchPrefill", () => {
  const record = sourceFromRecord("train", {
    name: "train",
    node_count: 4,
    stack: "slurm",
    ssh_key_ids: [KEY_A, KEY_B],
    storage_id: VOL,
    include_community: false,
    max_hours: 6,
  });

  it("keeps every value the offer still allows, with a fresh name and extra fields passed through", () => {
    const p = relaunchPrefill(offer(), record, { sshKeyIds: [KEY_A, KEY_B], storageIds: [VOL] });
    expect(p.notes).toEqual([]);
    expect(p.values).toMatchObject({
      name: "train-2",
      node_count: 4,
      stack: "slurm",
      ssh_key_ids: [KEY_A, KEY_B],
      storage_id: VOL,
      max_hours: 6,
    });
  });

  it("says which values the offer no longer allows and keeps the rest", () => {
    const p = relaunchPrefill(
      offer({ allowed_node_counts: [2, 8], stacks: ["none", "ray"], volume: false }),
      record,
      { sshKeyIds: [KEY_A], storageIds: [VOL] },
    );
    expect(p.values).toMatchObject({
      name: "train-2",
      node_count: 2,
      stack: "none",
      ssh_key_ids: [KEY_A],
      storage_id: "",
    });
    expect(p.notes).toEqual([
      "This offer no longer takes 4 nodes (it takes 2, 8); the form starts at 2.",
      "This offer no longer offers the slurm stack; the form starts with none.",
      "1 SSH key of the last launch no longer exists in this workspace; left out.",
      "This offer no longer takes a storage volume; launching without one.",
    ]);
  });

  it("from the API's object alone: SSH keys are asked for again; the volume comes from shared.volume", () => {
    const c = makeCluster({
      name: "imported",
      node_count: 2,
      stack: "ray",
      shared: {
        path: "/shared",
        available: true,
        detail: null,
        volume: { id: VOL, name: "data", path: null },
      },
    });
    const p = relaunchPrefill(offer(), sourceFromCluster(c), { sshKeyIds: [KEY_A], storageIds: [] });
    expect(p.values).toMatchObject({ name: "imported-2", node_count: 2, stack: "ray", ssh_key_ids: [] });
    expect(p.values.storage_id).toBe("");
    expect(p.notes).toContain(
      "Runcrate's cluster record does not say which SSH keys it had: pick them again.",
    );
    expect(p.notes).toContain(
      "The volume of the last launch no longer exists in this environment; pick another or none.",
    );
  });
});
