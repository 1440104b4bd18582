import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clustersResponseSchema,
  offersResponseSchema,
  sshKeysResponseSchema,
  storageResponseSchema,
} from "@/lib/runcrate/schemas";
import { errorOf, parseWith, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Every offer a workspace without variants sees, in order. */
async function allOfferIds(): Promise<string[]> {
  const res = await h.call("GET", "/clusters/offers", { key: h.newKey() });
  return parseWith(offersResponseSchema, res).data.map((o) => o.id);
}

/** One page of offers, checked against the shared schema (the meta is kept whole). */
const offersPage = async (key: string, query: string) => {
  const res = await h.call("GET", `/clusters/offers${query}`, { key });
  expect(res.status).toBe(200);
  const page = parseWith(offersResponseSchema, res);
  return { data: page.data, meta: { ...page.meta } };
};

describe("offset-paging", () => {
  it("pages offers with limit/offset and meta {hasMore, total}, no cursor", async () => {
    const key = h.newKey();
    await h.control.variants(["offset-paging:5"], key);
    const expected = await allOfferIds();
    const seen: string[] = [];
    let offset = 0;
    let pages = 0;
    for (;;) {
      const page = await offersPage(key, `?offset=${offset}`);
      expect(page.meta).toEqual({ hasMore: offset + 5 < expected.length, total: expected.length });
      expect(page.data.length).toBeLessThanOrEqual(5);
      seen.push(...page.data.map((o) => o.id));
      pages += 1;
      if (!page.meta.hasMore) break;
      offset += page.data.length;
    }
    expect(pages).toBe(Math.ceil(expected.length / 5));
    expect(seen).toEqual(expected);
  });

  it("defaults to a page of 2, honours a smaller limit, caps a larger one, and keeps filters", async () => {
    const key = h.newKey();
    await h.control.variants(["offset-paging"], key);
    const first = await offersPage(key, "");
    expect(first.data).toHaveLength(2);
    expect((await offersPage(key, "?limit=1&offset=3")).data.map((o) => o.id)).toEqual([
      (await allOfferIds())[3],
    ]);
    expect((await offersPage(key, "?limit=100")).data).toHaveLength(2);
    const community = await offersPage(key, "?include_community=true");
    expect(community.meta.total).toBeGreaterThan(first.meta.total as number);
    const past = await offersPage(key, "?offset=1000");
    expect(past).toMatchObject({ data: [], meta: { hasMore: false } });
  });

  it.each([
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=ten", "limit"],
    ["?offset=-1", "offset"],
    ["?offset=1.5", "offset"],
  ])("answers 400 for %s naming %s", async (query, param) => {
    const key = h.newKey();
    await h.control.variants(["offset-paging"], key);
    const res = await h.call("GET", `/clusters/offers${query}`, { key });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "bad_request", details: { param } });
  });

  it("pages GET /clusters (newest first), /ssh-keys and /storage too", async () => {
    const key = h.newKey();
    await h.control.variants(["offset-paging:1"], key);
    for (const name of ["a", "b", "c"]) {
      expect((await h.create(key, { name })).status).toBe(201);
      await h.control.advance(1);
    }
    const names: string[] = [];
    for (let offset = 0; offset < 3; offset++) {
      const res = await h.call("GET", `/clusters?offset=${offset}`, { key });
      const page = parseWith(clustersResponseSchema, res);
      expect(page.meta).toEqual({ hasMore: offset < 2, total: 3 });
      names.push(...page.data.map((c) => c.name));
    }
    expect(names).toEqual(["c", "b", "a"]);

    const keys = parseWith(sshKeysResponseSchema, await h.call("GET", "/ssh-keys", { key }));
    expect(keys.data.map((k) => k.name)).toEqual(["laptop"]);
    expect(keys.meta).toEqual({ hasMore: true, total: 2 });
    const keys2 = parseWith(sshKeysResponseSchema, await h.call("GET", "/ssh-keys?offset=1", { key }));
    expect(keys2.data.map((k) => k.name)).toEqual(["ci-runner"]);
    expect(keys2.meta?.hasMore).toBe(false);

    const vols = parseWith(storageResponseSchema, await h.call("GET", "/storage?offset=1", { key }));
    expect(vols.data.map((v) => v.name)).toEqual(["checkpoints"]);
    expect(vols.meta).toEqual({ hasMore: false, total: 2 });
  });
});

describe("cursor-paging", () => {
  it("pages with meta {cursor, hasMore, total} and honours ?cursor=", async () => {
    const key = h.newKey();
    await h.control.variants(["cursor-paging:4"], key);
    const expected = await allOfferIds();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await offersPage(key, cursor ? `?cursor=${encodeURIComponent(cursor)}` : "");
      expect(page.meta.total).toBe(expected.length);
      expect(typeof page.meta.hasMore).toBe("boolean");
      seen.push(...page.data.map((o) => o.id));
      cursor = page.meta.hasMore ? (page.meta.cursor as string) : null;
      if (!page.meta.hasMore) expect(page.meta.cursor).toBeNull();
      else expect(typeof page.meta.cursor).toBe("string");
    } while (cursor);
    expect(seen).toEqual(expected);
    // An offset means nothing here: page 1 again.
    expect((await offersPage(key, "?offset=8")).data.map((o) => o.id)).toEqual(expected.slice(0, 4));
  });

  it("answers 400 for a cursor it did not hand out", async () => {
    const key = h.newKey();
    await h.control.variants(["cursor-paging"], key);
    const res = await h.call("GET", "/clusters/offers?cursor=not-a-cursor", { key });
    expect(res.status).toBe(400);
    expect(errorOf(res).details).toEqual({ param: "cursor" });
  });
});

describe("paging-ignored", () => {
  it("claims more pages but answers page 1 whatever it is asked", async () => {
    const key = h.newKey();
    await h.control.variants(["paging-ignored:3"], key);
    const expected = await allOfferIds();
    const first = await offersPage(key, "");
    expect(first.data.map((o) => o.id)).toEqual(expected.slice(0, 3));
    expect(first.meta).toMatchObject({ hasMore: true, total: expected.length, limit: 3, offset: 0 });
    expect(typeof first.meta.cursor).toBe("string");
    for (const query of [
      `?cursor=${encodeURIComponent(first.meta.cursor as string)}`,
      "?offset=3",
      "?offset=3&limit=3",
      "?page=2",
    ]) {
      const again = await offersPage(key, query);
      expect(again).toEqual(first);
    }
  });

  it("says hasMore even when everything fits on the page", async () => {
    const key = h.newKey();
    await h.control.variants(["paging-ignored:50"], key);
    const keys = parseWith(sshKeysResponseSchema, await h.call("GET", "/ssh-keys", { key }));
    expect(keys.data).toHaveLength(2);
    expect(keys.meta).toMatchObject({ hasMore: true, total: 2 });
  });
});
