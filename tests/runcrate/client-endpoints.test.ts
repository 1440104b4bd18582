import { WHOLE_LIST } from "@/tests/support/fixtures";
import { testClient } from "@/tests/support/runcrate-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_PAGES, type RuncrateClientOptions } from "@/lib/runcrate/server/client";
import { USER_AGENT } from "@/lib/runcrate/server/http";
import { startScriptedServer, json, sendJson, type ScriptedServer } from "@/tests/support/scripted-server";
import { TEST_KEY, cluster, createBody, offer } from "@/tests/support/runcrate-bodies";
import packageJson from "@/package.json";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

const client = (extra: Partial<RuncrateClientOptions> = {}) => testClient(server.baseUrl, extra);

const only = () => {
  expect(server.requests).toHaveLength(1);
  return server.requests[0]!;
};

describe("requests", () => {
  it("sends the key as a bearer token, asks for JSON and names itself", async () => {
    server.script(json(200, { data: { creditsBalance: 12.5, activeUsageCost: 0 } }));
    await expect(client().getBalance()).resolves.toEqual({ creditsBalance: 12.5, activeUsageCost: 0 });
    const req = only();
    expect(req.method).toBe("GET");
    expect(req.url.pathname).toBe("/api/v1/billing/balance");
    expect(req.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(req.headers.accept).toBe("application/json");
    expect(req.headers["user-agent"]).toBe(`clusterdeck/${packageJson.version}`);
    expect(USER_AGENT).toBe(`clusterdeck/${packageJson.version}`);
    expect(req.headers["content-type"]).toBeUndefined();
  });

  it("appends ?environment= to every call when an environment is set, and nothing when it is not", async () => {
    server.script(json(200, { data: [] }));
    const c = client({ environment: "staging" });
    await c.listClusters();
    await c.listOffers({ volume: true });
    server.script(json(201, { data: cluster() }));
    await c.createCluster(createBody, { idempotencyKey: "k-1" });
    expect(server.requests.map((r) => r.url.searchParams.get("environment"))).toEqual([
      "staging",
      "staging",
      "staging",
    ]);
    expect(server.requests[1]!.url.searchParams.get("volume")).toBe("true");

    server.script(json(200, { data: [] }));
    await client({ environment: null }).listClusters();
    await client({ environment: "  " }).listClusters();
    // Only the list's own status=all: no environment parameter.
    expect(server.requests.slice(3).map((r) => r.url.search)).toEqual(["?status=all", "?status=all"]);
  });

  it("joins base URLs with or without trailing slashes", async () => {
    server.script(json(200, { data: [] }));
    await client({ baseUrl: `${server.baseUrl}///` }).listEnvironments();
    expect(only().url.pathname).toBe("/api/v1/environments");
  });

  it("sends offer filters only when given", async () => {
    server.script(json(200, { data: [offer("a")] }));
    await client().listOffers();
    await client().listOffers({ volume: false, includeCommunity: true });
    expect(server.requests[0]!.url.search).toBe("");
    expect(Object.fromEntries(server.requests[1]!.url.searchParams)).toEqual({
      volume: "false",
      include_community: "true",
    });
  });
});

describe("one method per endpoint", () => {
  it("createCluster posts the body as JSON with the Idempotency-Key; 201 is a new cluster", async () => {
    server.script(json(201, { data: cluster() }));
    const res = await client().createCluster(createBody, { idempotencyKey: "launch-1" });
    expect(res.replayed).toBe(false);
    expect(res.cluster.status).toBe("provisioning");
    const req = only();
    expect(req.method).toBe("POST");
    expect(req.url.pathname).toBe("/api/v1/clusters");
    expect(req.headers["idempotency-key"]).toBe("launch-1");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body)).toEqual(createBody);
  });

  it("createCluster refuses an idempotency key the API would reject, without calling it", async () => {
    for (const bad of ["", "has space", "x".repeat(256), "naïve"]) {
      await expect(client().createCluster(createBody, { idempotencyKey: bad })).rejects.toThrow(TypeError);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("getCluster escapes the id into the path", async () => {
    server.script(json(200, { data: cluster({ id: "a/b" }) }));
    await expect(client().getCluster("a/b")).resolves.toMatchObject({ id: "a/b" });
    expect(only().url.pathname).toBe("/api/v1/clusters/a%2Fb");
  });

  it("terminateCluster: 200 and 202 give the cluster, 204 gives null", async () => {
    server.script(
      json(200, { data: cluster({ status: "terminating" }) }),
      json(202, { data: cluster({ status: "terminating" }) }),
      (_req, res) => {
        res.writeHead(204);
        res.end();
      },
    );
    const c = client();
    await expect(c.terminateCluster("c1")).resolves.toMatchObject({ status: "terminating" });
    await expect(c.terminateCluster("c1")).resolves.toMatchObject({ status: "terminating" });
    await expect(c.terminateCluster("c1")).resolves.toBeNull();
    expect(server.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(
      Array(3).fill("DELETE /api/v1/clusters/c1"),
    );
  });

  it("resizeCluster sends PATCH { node_count }", async () => {
    server.script(json(200, { data: cluster({ status: "resizing", node_count: 4 }) }));
    await expect(client().resizeCluster("c1", 4)).resolves.toMatchObject({
      status: "resizing",
      node_count: 4,
    });
    const req = only();
    expect(req.method).toBe("PATCH");
    expect(req.url.pathname).toBe("/api/v1/clusters/c1");
    expect(JSON.parse(req.body)).toEqual({ node_count: 4 });
  });

  it("startTest posts an NCCL all-reduce test", async () => {
    server.script(
      json(202, { data: { id: "t1", kind: "nccl_all_reduce", status: "running", started_at: null } }),
    );
    await expect(client().startTest("c1")).resolves.toMatchObject({ id: "t1", status: "running" });
    const req = only();
    expect(`${req.method} ${req.url.pathname}`).toBe("POST /api/v1/clusters/c1/tests");
    expect(JSON.parse(req.body)).toEqual({ kind: "nccl_all_reduce" });
  });

  it("lists and adds SSH keys, lists storage and environments", async () => {
    const key = { id: "k1", name: "laptop", fingerprint: "SHA256:x", createdAt: "2026-01-01T00:00:00Z" };
    server.script(
      json(200, { data: [key] }),
      json(201, { data: key }),
      json(200, { data: [{ id: "v1", name: "datasets", sizeGb: 500 }] }),
      json(200, { data: [{ id: "e1", name: "main", is_default: true }] }),
    );
    const c = client();
    expect((await c.listSshKeys()).items).toEqual([key]);
    const body = {
      name: "laptop",
      public_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE1tkey0123456789abcdefghij me@host",
    };
    await expect(c.addSshKey(body)).resolves.toEqual(key);
    expect((await c.listStorage()).items).toEqual([{ id: "v1", name: "datasets", sizeGb: 500 }]);
    expect((await c.listEnvironments()).items).toEqual([{ id: "e1", name: "main", is_default: true }]);
    expect(server.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      "GET /api/v1/ssh-keys",
      "POST /api/v1/ssh-keys",
      "GET /api/v1/storage",
      "GET /api/v1/environments",
    ]);
    expect(JSON.parse(server.requests[1]!.body)).toEqual(body);
  });
});

describe("tolerant reading", () => {
  it("keeps unknown fields and unknown status strings", async () => {
    server.script(
      json(200, {
        data: cluster({
          status: "hibernating",
          stack_status: "warming",
          brand_new_field: { nested: [1, 2] },
          nodes: [{ rank: 0, role: "head", name: "train-0", status: "quarantined", gpu_temp_c: 61 }],
        }),
        meta: { requestId: "r1", traceId: "t1" },
      }),
    );
    const got = await client().getCluster("c1");
    expect(got.status).toBe("hibernating");
    expect(got.stack_status).toBe("warming");
    expect(got).toMatchObject({ brand_new_field: { nested: [1, 2] } });
    expect(got.nodes?.[0]).toMatchObject({ status: "quarantined", gpu_temp_c: 61 });
  });

  it("keeps unknown fields on offers, keys and the balance", async () => {
    server.script(
      json(200, { data: [offer("o1", { host_tier: "orbital", spot: true })] }),
      json(200, { data: { creditsBalance: 3, activeUsageCost: null, currency: "USD" } }),
    );
    const [o] = (await client().listOffers()).items;
    expect(o).toMatchObject({ host_tier: "orbital", spot: true });
    await expect(client().getBalance()).resolves.toMatchObject({ currency: "USD", activeUsageCost: null });
  });
});

describe("paging", () => {
  it("follows meta.hasMore with the cursor until the last page", async () => {
    server.script(
      json(200, { data: [cluster({ id: "a" })], meta: { hasMore: true, cursor: "p2" } }),
      json(200, { data: [cluster({ id: "b" })], meta: { hasMore: true, cursor: 3 } }),
      json(200, { data: [cluster({ id: "c" })], meta: { hasMore: false, cursor: null } }),
    );
    const list = await client({ environment: "main" }).listClusters();
    expect(list.items.map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(server.requests.map((r) => r.url.searchParams.get("cursor"))).toEqual([null, "p2", "3"]);
    // Every page keeps the environment.
    expect(server.requests.every((r) => r.url.searchParams.get("environment") === "main")).toBe(true);
  });

  it("keeps the offer filters on later pages", async () => {
    server.script(
      json(200, { data: [offer("a")], meta: { hasMore: true, cursor: "n" } }),
      json(200, { data: [offer("b")] }),
    );
    expect((await client().listOffers({ includeCommunity: true })).items).toHaveLength(2);
    expect(server.requests[1]!.url.searchParams.get("include_community")).toBe("true");
    expect(server.requests[1]!.url.searchParams.get("cursor")).toBe("n");
  });

  it("pages with offset/limit when meta says hasMore without a cursor, until hasMore is false", async () => {
    server.script(
      json(200, { data: [offer("a"), offer("b")], meta: { hasMore: true, total: 5 } }),
      json(200, { data: [offer("c"), offer("d")], meta: { hasMore: true, total: 5 } }),
      json(200, { data: [offer("e")], meta: { hasMore: false, total: 5 } }),
    );
    const list = await client().listOffers({ includeCommunity: true });
    expect(list.items.map((o) => o.id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(
      server.requests.map((r) => [r.url.searchParams.get("offset"), r.url.searchParams.get("limit")]),
    ).toEqual([
      [null, null],
      ["2", "2"],
      ["4", "2"],
    ]);
    expect(server.requests.every((r) => r.url.searchParams.get("cursor") === null)).toBe(true);
    expect(server.requests[2]!.url.searchParams.get("include_community")).toBe("true");
    expect(list.notes).toEqual(WHOLE_LIST);
  });

  it("stops at meta.total even when hasMore is missing", async () => {
    server.script(
      json(200, { data: [offer("a")], meta: { total: 2 } }),
      json(200, { data: [offer("b")], meta: { total: 2 } }),
    );
    expect((await client().listOffers()).items).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it("reads a server that ignores paging as page 1 after trying each scheme once: no duplicates, marked incomplete, no failure", async () => {
    server.script(
      json(200, { data: [offer("a"), offer("b")], meta: { hasMore: true, cursor: "x", total: 9 } }),
    );
    const list = await client().listOffers();
    expect(list.items.map((o) => o.id)).toEqual(["a", "b"]);
    expect(server.requests.map((r) => r.url.search)).toEqual([
      "",
      "?cursor=x",
      "?offset=2&limit=2",
      "?page=2&page_size=2",
    ]);
    expect(list.notes).toEqual({ unreadable: 0, incomplete: true, fields: [] });
  });

  it(`stops after ${MAX_PAGES} pages instead of looping forever, keeping what it read`, async () => {
    server.script((req, res) => {
      const n = server.requests.length;
      sendJson(res, 200, { data: [offer(`o${n}`)], meta: { hasMore: true, cursor: `c${n}` } });
    });
    const list = await client().listOffers();
    expect(list.items).toHaveLength(MAX_PAGES);
    expect(server.requests).toHaveLength(MAX_PAGES);
    expect(list.notes.incomplete).toBe(true);
  });

  it("stops when the same cursor comes back and no other scheme reads further, keeping each item once", async () => {
    server.script(
      json(200, { data: [offer("a")], meta: { hasMore: true, cursor: "same" } }),
      json(200, { data: [offer("b")], meta: { hasMore: true, cursor: "same" } }),
    );
    const list = await client().listOffers();
    expect(list.items.map((o) => o.id)).toEqual(["a", "b"]);
    expect(server.requests.map((r) => r.url.search)).toEqual([
      "",
      "?cursor=same",
      "?offset=2&limit=1",
      "?page=3&page_size=1",
    ]);
    expect(list.notes.incomplete).toBe(true);
  });
});
