import fc from "../support/fast-check";
import { describe, expect, it, vi } from "vitest";
import type { RuncrateContext } from "@/lib/keys/server/runcrate-context";
import { prefetchOffers } from "@/lib/offers/server/prefetch";
import { balanceQueryOptions } from "@/lib/query/balance";
import { offersQueryOptions } from "@/lib/offers/queries";
import { type Listed } from "@/lib/runcrate/listed";
import { whole } from "@/tests/support/fixtures";
import type { Balance, Offer } from "@/lib/runcrate/schemas";
import { offerArb } from "./support/offer-arbitrary";

const user = { id: "u1", email: "a@example.com", name: null } as never;
const key = { id: "k1", label: "Main", environment: null, last4: "abcd" };
const balance: Balance = { creditsBalance: 120, activeUsageCost: 0 };

function ready(client: { listOffers: () => Promise<Listed<Offer>>; getBalance: () => Promise<Balance> }) {
  return { state: "ready", user, key, client } as unknown as RuncrateContext;
}
const dataOf = (state: Awaited<ReturnType<typeof prefetchOffers>>, k: readonly unknown[]) =>
  state?.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(k))?.state.data;

describe("offers prefetch for the first paint", () => {
  it("reads the offers the URL asks for, and the balance, under the keys the page's queries use", async () => {
    const offers = fc.sample(offerArb, 3);
    const listOffers = vi.fn(async () => whole(offers));
    const state = await prefetchOffers(ready({ listOffers, getBalance: async () => balance }), {
      community: "1",
    });
    expect(listOffers).toHaveBeenCalledWith({ includeCommunity: true });
    expect(dataOf(state, offersQueryOptions(true).queryKey)).toEqual(whole(offers));
    expect(dataOf(state, balanceQueryOptions().queryKey)).toEqual(balance);
  });

  it("leaves out a read that failed, so the browser's own fetch reports it and keeps the other", async () => {
    const state = await prefetchOffers(
      ready({
        listOffers: async () => Promise.reject(new Error("upstream 503")),
        getBalance: async () => balance,
      }),
      {},
    );
    expect(dataOf(state, offersQueryOptions(false).queryKey)).toBeUndefined();
    expect(dataOf(state, balanceQueryOptions().queryKey)).toEqual(balance);
  });

  it("asks nothing upstream without a key", async () => {
    const team = { teamId: "t", name: "Personal", personal: true, role: "owner" as const };
    expect(await prefetchOffers({ state: "no-key", user, team }, {})).toBeNull();
    expect(await prefetchOffers({ state: "signed-out" }, {})).toBeNull();
  });

  it("reads the query as the browser does: a repeated key counts by its first value, a bad one is ignored", async () => {
    const listOffers = vi.fn(async () => whole<Offer>([]));
    const client = { listOffers, getBalance: async () => balance };
    await prefetchOffers(ready(client), { community: ["0", "1"] });
    await prefetchOffers(ready(client), { community: "<script>" });
    expect(listOffers.mock.calls).toEqual([[{ includeCommunity: false }], [{ includeCommunity: false }]]);
  });
});
