import { WHOLE_LIST } from "@/tests/support/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { startScriptedServer, sendJson, type ScriptedServer } from "@/tests/support/scripted-server";
import { TEST_KEY, cluster, offer } from "@/tests/support/runcrate-bodies";

/**
 * A list API that says `meta: {hasMore, cursor, total}` on every page but honours only one paging scheme (or none):
 * whatever it does not honour, it answers with page 1. The client tries the cursor, then offset/limit, then
 * page/page_size, and remembers per endpoint what worked.
 */
type Scheme = "cursor" | "offset" | "page" | "none";
const PAGE = 3;

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

const client = () =>
  createRuncrateClient({ apiKey: TEST_KEY, baseUrl: server.baseUrl, timeoutMs: 2_000, retryBaseDelayMs: 5 });

/** Serves `items` in pages of PAGE, reading only the parameters of `scheme`. */
function serve(scheme: Scheme, items: unknown[]) {
  server.script((req, res) => {
    const q = req.url.searchParams;
    let from = 0;
    let size = PAGE;
    if (scheme === "cursor" && q.get("cursor")) from = Number(q.get("cursor")!.slice(1));
    if (scheme === "offset" && q.get("offset")) {
      from = Number(q.get("offset"));
      size = Math.min(PAGE, Number(q.get("limit") ?? PAGE));
    }
    if (scheme === "page" && q.get("page")) {
      size = Math.min(PAGE, Number(q.get("page_size") ?? PAGE));
      from = (Number(q.get("page")) - 1) * size;
    }
    const data = items.slice(from, from + size);
    const hasMore = from + size < items.length;
    sendJson(res, 200, {
      data,
      meta: { hasMore, cursor: hasMore ? `c${from + size}` : null, total: items.length },
    });
  });
}

const offers = Array.from({ length: 8 }, (_, i) => offer(`o${i}`));
const ids = offers.map((o) => o.id);
const pages = Math.ceil(offers.length / PAGE);
const params = () =>
  server.requests.map((r) =>
    Object.fromEntries([...r.url.searchParams].filter(([k]) => k !== "environment")),
  );

describe("paging when a parameter is ignored", () => {
  it("follows the cursor when the server honours it: one request per page, twice", async () => {
    serve("cursor", offers);
    expect((await client().listOffers()).items.map((o) => o.id)).toEqual(ids);
    expect(server.requests).toHaveLength(pages);
    expect((await client().listOffers()).items.map((o) => o.id)).toEqual(ids);
    expect(server.requests).toHaveLength(2 * pages);
  });

  it("reads every item with offset/limit when the cursor is ignored, and the next listing goes straight to it", async () => {
    serve("offset", offers);
    const list = await client().listOffers();
    expect(list.items.map((o) => o.id)).toEqual(ids);
    expect(list.notes).toEqual(WHOLE_LIST);
    // Page 1, the cursor (page 1 again), then offset/limit from where page 1 ended.
    expect(params()).toEqual([
      {},
      { cursor: "c3" },
      { offset: "3", limit: "3" },
      { offset: "6", limit: "3" },
    ]);

    server.requests.length = 0;
    const again = await client().listOffers();
    expect(again.items.map((o) => o.id)).toEqual(ids);
    expect(params()).toEqual([{}, { offset: "3", limit: "3" }, { offset: "6", limit: "3" }]);
  });

  it("falls back to page/page_size when cursor and offset are both ignored, and remembers it", async () => {
    serve("page", offers);
    const list = await client().listOffers();
    expect(list.items.map((o) => o.id)).toEqual(ids);
    expect(list.notes).toEqual(WHOLE_LIST);
    expect(server.requests).toHaveLength(pages + 2);
    expect(params().slice(-2)).toEqual([
      { page: "2", page_size: "3" },
      { page: "3", page_size: "3" },
    ]);

    server.requests.length = 0;
    expect((await client().listOffers()).items.map((o) => o.id)).toEqual(ids);
    expect(params()).toEqual([{}, { page: "2", page_size: "3" }, { page: "3", page_size: "3" }]);
  });

  it("keeps page 1 and says some may be missing when nothing works, without failing or looping", async () => {
    serve("none", offers);
    const list = await client().listOffers();
    expect(list.items.map((o) => o.id)).toEqual(ids.slice(0, PAGE));
    expect(list.notes).toEqual({ unreadable: 0, incomplete: true, fields: [] });
    expect(params()).toEqual([
      {},
      { cursor: "c3" },
      { offset: "3", limit: "3" },
      { page: "2", page_size: "3" },
    ]);
  });

  it("remembers per endpoint: clusters by offset, offers by cursor, on the same server", async () => {
    const clusters = Array.from({ length: 5 }, (_, i) => cluster({ id: `k${i}` }));
    server.script((req, res) => {
      const q = req.url.searchParams;
      const isClusters = req.url.pathname.endsWith("/clusters");
      const items: unknown[] = isClusters ? clusters : offers;
      const from = isClusters ? Number(q.get("offset") ?? 0) : Number((q.get("cursor") ?? "c0").slice(1));
      const hasMore = from + PAGE < items.length;
      sendJson(res, 200, {
        data: items.slice(from, from + PAGE),
        meta: { hasMore, cursor: hasMore ? `c${from + PAGE}` : null },
      });
    });
    const c = client();
    expect((await c.listClusters()).items.map((x) => x.id)).toEqual(clusters.map((x) => x.id));
    expect((await c.listOffers()).items.map((o) => o.id)).toEqual(ids);
    server.requests.length = 0;
    await c.listClusters();
    await c.listOffers();
    expect(server.requests.map((r) => `${r.url.pathname} ${r.url.search}`)).toEqual([
      "/api/v1/clusters ?status=all",
      "/api/v1/clusters ?status=all&offset=3&limit=3",
      "/api/v1/clusters/offers ",
      "/api/v1/clusters/offers ?cursor=c3",
      "/api/v1/clusters/offers ?cursor=c6",
    ]);
  });
});
