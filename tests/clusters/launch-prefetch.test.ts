import { describe, expect, it, vi } from "vitest";
import type { RuncrateContext } from "@/lib/keys/server/runcrate-context";
import { prefetchLaunchForm } from "@/lib/launch/server/prefetch";
import { balanceQueryOptions } from "@/lib/query/balance";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { sshKeysQueryOptions } from "@/lib/launch/queries";
import { storageQueryOptions } from "@/lib/launch/queries";
import { type Listed } from "@/lib/runcrate/listed";
import type { Balance, SshKey, StorageVolume } from "@/lib/runcrate/schemas";
import { makeCluster, whole } from "../support/fixtures";

const user = { id: "u1", email: "a@example.com", name: null } as never;
const balance: Balance = { creditsBalance: 120, activeUsageCost: 0 };
const keys = [{ id: "sk1", name: "laptop" }] as unknown as SshKey[];
const volumes = [{ id: "v1", name: "datasets" }] as unknown as StorageVolume[];

let keyNo = 0;
function ready(
  over: Partial<
    Record<"listSshKeys" | "listStorage" | "getBalance" | "listClusters", () => Promise<unknown>>
  > = {},
) {
  // A key of its own per test: cluster reads are coalesced per key for a second.
  const key = { id: `k${++keyNo}`, label: "Main", environment: null, last4: "abcd" };
  const client = {
    listSshKeys: vi.fn(over.listSshKeys ?? (async () => whole(keys))),
    listStorage: vi.fn(over.listStorage ?? (async () => whole(volumes))),
    getBalance: vi.fn(over.getBalance ?? (async () => balance)),
    listClusters: vi.fn(over.listClusters ?? (async () => whole([makeCluster({ name: "train-a" })]))),
  };
  return {
    ctx: { state: "ready", user, key, client } as unknown as Extract<RuncrateContext, { state: "ready" }>,
    client,
  };
}
const dataOf = (state: Awaited<ReturnType<typeof prefetchLaunchForm>>, k: readonly unknown[]) =>
  state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(k))?.state.data;

describe("the create form's reads, made on the server for its first paint", () => {
  it("puts SSH keys, volumes, balance and clusters under the keys the form's queries read", async () => {
    const { ctx, client } = ready();
    const state = await prefetchLaunchForm(ctx);
    expect(dataOf(state, sshKeysQueryOptions().queryKey)).toEqual(whole(keys));
    expect(dataOf(state, storageQueryOptions().queryKey)).toEqual(whole(volumes));
    expect(dataOf(state, balanceQueryOptions().queryKey)).toEqual(balance);
    const clusters = dataOf(state, clustersQueryOptions().queryKey) as Listed<{ name: string }>;
    expect(clusters.items.map((c) => c.name)).toEqual(["train-a"]);
    for (const read of Object.values(client)) expect(read).toHaveBeenCalledTimes(1);
  });

  it("carries what was left out of the cluster list, as the route handler's answer does", async () => {
    const list = {
      items: [makeCluster()],
      notes: { unreadable: 2, incomplete: false, fields: ["gpu_type"] },
    };
    const { ctx } = ready({ listClusters: async () => list });
    const state = await prefetchLaunchForm(ctx);
    expect((dataOf(state, clustersQueryOptions().queryKey) as Listed<unknown>).notes).toEqual({
      unreadable: 2,
      incomplete: false,
      fields: ["gpu_type"],
    });
  });

  it("leaves out each read that failed, so the browser's own fetch reports it, and keeps the others", async () => {
    const { ctx } = ready({
      listSshKeys: async () => Promise.reject(new Error("upstream 503")),
      getBalance: async () => Promise.reject(new Error("timeout")),
    });
    const state = await prefetchLaunchForm(ctx);
    expect(dataOf(state, sshKeysQueryOptions().queryKey)).toBeUndefined();
    expect(dataOf(state, balanceQueryOptions().queryKey)).toBeUndefined();
    expect(dataOf(state, storageQueryOptions().queryKey)).toEqual(whole(volumes));
    expect((dataOf(state, clustersQueryOptions().queryKey) as Listed<unknown>).items).toHaveLength(1);
  });
});
