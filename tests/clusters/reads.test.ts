import { describe, expect, it } from "vitest";
import {
  CLUSTER_NOT_FOUND_MESSAGE,
  readCluster,
  readClusters,
  readOfferOf,
} from "@/lib/runcrate/server/reads";
import { RuncrateError } from "@/lib/runcrate/server/errors";
import { type Listed } from "@/lib/runcrate/listed";
import type { Cluster, Offer } from "@/lib/runcrate/schemas";
import { makeCluster, whole } from "../support/fixtures";

function fakeClient(
  over: Partial<{ getCluster(id: string): Promise<Cluster>; listOffers(): Promise<Listed<Offer>> }> = {},
) {
  const calls: string[] = [];
  return {
    calls,
    client: {
      getCluster: async (id: string) => {
        calls.push(`GET /clusters/${id}`);
        return over.getCluster ? over.getCluster(id) : makeCluster({ id });
      },
      listClusters: async () => {
        calls.push("GET /clusters");
        return whole([makeCluster()]);
      },
      listOffers: async () => {
        calls.push("GET /clusters/offers");
        return over.listOffers ? over.listOffers() : whole<Offer>([]);
      },
    },
  };
}

let n = 0;
const key = () => ({ id: `key-${++n}`, environment: null });

describe("readCluster", () => {
  it("refuses a malformed id as not found without calling Runcrate", async () => {
    const f = fakeClient();
    for (const bad of ["../billing", "a/b", "", "x?y"]) {
      await expect(readCluster({ key: key(), client: f.client }, bad)).rejects.toMatchObject({
        kind: "not_found",
        status: 404,
      });
    }
    expect(f.calls).toEqual([]);
  });

  it("answers another workspace's cluster with the same not-found words as an unknown one", async () => {
    const f = fakeClient({
      getCluster: async () => {
        throw new RuncrateError({
          kind: "not_found",
          status: 404,
          message: "upstream 404 cluster_not_found",
          userMessage: "Runcrate couldn't find that.",
        });
      },
    });
    const err = await readCluster(
      { key: key(), client: f.client },
      "0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f61",
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RuncrateError);
    expect((err as RuncrateError).userMessage).toBe(CLUSTER_NOT_FOUND_MESSAGE);
  });

  it("passes other upstream failures through unchanged", async () => {
    const boom = new RuncrateError({
      kind: "server",
      status: 503,
      message: "503",
      userMessage: "Runcrate had a problem.",
    });
    const f = fakeClient({
      getCluster: async () => {
        throw boom;
      },
    });
    await expect(readCluster({ key: key(), client: f.client }, "abc")).rejects.toBe(boom);
  });

  it("coalesces identical concurrent reads of one key, but not across keys", async () => {
    const f = fakeClient();
    const k = key();
    await Promise.all([
      readCluster({ key: k, client: f.client }, "abc"),
      readCluster({ key: k, client: f.client }, "abc"),
      readClusters({ key: k, client: f.client }),
    ]);
    expect(f.calls.sort()).toEqual(["GET /clusters", "GET /clusters/abc"]);
    await readCluster({ key: key(), client: f.client }, "abc");
    expect(f.calls.filter((c) => c === "GET /clusters/abc")).toHaveLength(2);
  });
});

describe("readOfferOf", () => {
  it("finds the cluster's offer by offer_id, or null", async () => {
    const offer = { id: "off-1", min_nodes: 2, max_nodes: 8 } as Offer;
    const f = fakeClient({ listOffers: async () => whole([offer]) });
    expect(await readOfferOf({ key: key(), client: f.client }, { offer_id: "off-1" })).toBe(offer);
    expect(await readOfferOf({ key: key(), client: f.client }, { offer_id: "gone" })).toBeNull();
    expect(await readOfferOf({ key: key(), client: f.client }, { offer_id: null })).toBeNull();
  });
});
