import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterOf, clustersOf, errorOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("workspaces are isolated by API key", () => {
  it("answers 404 on every route for another key's cluster", async () => {
    const owner = h.newKey();
    const other = h.newKey();
    const c = await h.createReady(owner);
    for (const [method, path, body] of [
      ["GET", `/clusters/${c.id}`, undefined],
      ["DELETE", `/clusters/${c.id}`, undefined],
      ["PATCH", `/clusters/${c.id}`, { node_count: 3 }],
      ["POST", `/clusters/${c.id}/tests`, {}],
    ] as const) {
      const res = await h.call(method, path, { key: other, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(errorOf(res).code).toBe("not_found");
    }
    expect(clustersOf(await h.call("GET", "/clusters", { key: other }))).toHaveLength(0);
    expect((await h.getCluster(owner, c.id)).status).toBe("ready");
  });

  it("keeps balances apart: one key's billing does not touch another's", async () => {
    const a = h.newKey();
    const b = h.newKey();
    await h.control.setBalance(b, 250);
    await h.createReady(a);
    await h.control.advance(3600);
    expect(await h.balance(a)).toBeLessThan(500);
    expect(await h.balance(b)).toBe(250);
  });

  it("gives every new key its own seeded SSH keys and volumes", async () => {
    const a = await h.sshKeyIds(h.newKey());
    const b = await h.sshKeyIds(h.newKey());
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(2);
    expect(a.filter((id) => b.includes(id))).toHaveLength(0);
  });

  it("refuses another workspace's SSH key id on create (404)", async () => {
    const [foreign] = await h.sshKeyIds(h.newKey());
    const res = await h.create(h.newKey(), { ssh_key_ids: [foreign] });
    expect(res.status).toBe(404);
  });
});

describe("environments", () => {
  it("scopes clusters: a staging cluster is invisible from main (404) and listed only in staging", async () => {
    const key = h.newKey();
    const staging = clusterOf(await h.create(key, { name: "stg" }, { environment: "staging" }));
    expect((await h.call("GET", `/clusters/${staging.id}`, { key })).status).toBe(404);
    expect((await h.call("GET", `/clusters/${staging.id}`, { key, environment: "staging" })).status).toBe(
      200,
    );
    expect(clustersOf(await h.call("GET", "/clusters", { key }))).toHaveLength(0);
    expect(
      clustersOf(await h.call("GET", "/clusters", { key, environment: "staging" })).map((c) => c.id),
    ).toEqual([staging.id]);
  });

  it("accepts the X-Environment header as well as ?environment=", async () => {
    const key = h.newKey();
    const c = clusterOf(await h.create(key, {}, { headers: { "X-Environment": "staging" } }));
    expect((await h.call("GET", `/clusters/${c.id}`, { key, environment: "staging" })).status).toBe(200);
    expect(
      (await h.call("GET", `/clusters/${c.id}`, { key, headers: { "X-Environment": "staging" } })).status,
    ).toBe(200);
  });

  it("answers 404 for an environment the workspace does not have", async () => {
    const res = await h.call("GET", "/clusters", { key: h.newKey(), environment: "prod" });
    expect(res.status).toBe(404);
    expect(errorOf(res).message).toContain("prod");
  });

  it("shares SSH keys and the balance across environments, but not storage", async () => {
    const key = h.newKey();
    const keysMain = await h.call("GET", "/ssh-keys", { key });
    const keysStaging = await h.call("GET", "/ssh-keys", { key, environment: "staging" });
    expect(keysStaging.body).toEqual(keysMain.body);
    const main = await h.storage(key);
    const staging = await h.storage(key, "staging");
    expect(main.map((v) => v.name)).toEqual(["datasets", "checkpoints"]);
    expect(staging.map((v) => v.name)).toEqual(["staging-scratch"]);
    await h.createReady(key, {}, { environment: "staging" });
    await h.control.advance(600);
    const fromMain = await h.call("GET", "/billing/balance", { key });
    const fromStaging = await h.call("GET", "/billing/balance", { key, environment: "staging" });
    expect(fromMain.body).toEqual(fromStaging.body);
  });

  it("lists main (default) and staging", async () => {
    const res = await h.call("GET", "/environments", { key: h.newKey() });
    const envs = (res.body as { data: Array<{ name: string; is_default: boolean }> }).data;
    expect(envs.map((e) => [e.name, e.is_default])).toEqual([
      ["main", true],
      ["staging", false],
    ]);
  });
});

describe("several keys of one workspace (POST /__sim/workspaces/join)", () => {
  it("lets a joined key read and act on the workspace's clusters and balance; other keys stay apart", async () => {
    const first = h.newKey();
    const second = h.newKey();
    const stranger = h.newKey();
    const joined = await h.call("POST", "/__sim/workspaces/join", { body: { key: second, of: first } });
    expect(joined.status).toBe(200);
    const c = await h.createReady(first);
    expect((await h.getCluster(second, c.id)).status).toBe("ready");
    expect(clustersOf(await h.call("GET", "/clusters", { key: second })).map((x) => x.id)).toEqual([c.id]);
    const mine = clusterOf(await h.create(second));
    expect(clustersOf(await h.call("GET", "/clusters", { key: first })).map((x) => x.id)).toContain(mine.id);
    await h.control.setBalance(first, 321);
    expect(await h.balance(second)).toBe(321);
    expect((await h.call("DELETE", `/clusters/${c.id}`, { key: second })).status).toBeLessThan(300);
    expect((await h.call("GET", `/clusters/${c.id}`, { key: stranger })).status).toBe(404);
  });

  it("refuses to join a key that already has a workspace of its own, and changes nothing", async () => {
    const first = h.newKey();
    const used = h.newKey();
    const theirs = await h.createReady(used);
    const res = await h.call("POST", "/__sim/workspaces/join", { body: { key: used, of: first } });
    expect(res.status).toBe(409);
    expect(errorOf(res).message).toMatch(/already has a workspace of its own/);
    expect((await h.getCluster(used, theirs.id)).status).toBe("ready");
    expect(clustersOf(await h.call("GET", "/clusters", { key: first }))).toHaveLength(0);
  });
});
