import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clusterOf, errorOf, objectOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.control.clearFaults();
  await h.control.variants([]);
});
afterAll(() => h.close());

async function readyIn(variants: string[]) {
  const key = h.newKey();
  await h.control.variants(variants, key);
  const c = await h.createReady(key);
  return { key, id: c.id };
}

describe("terminate variants", () => {
  it("delete-202-stub: DELETE answers 202 {data: {id, status: terminating}}, not the cluster", async () => {
    const { key, id } = await readyIn(["delete-202-stub"]);
    const res = await h.call("DELETE", `/clusters/${id}`, { key });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ data: { id, status: "terminating" } });
    await h.control.advance(10);
    expect((await h.getCluster(key, id)).status).toBe("terminated");
    const again = await h.call("DELETE", `/clusters/${id}`, { key });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ data: { id, status: "terminated" } });
  });

  it("delete-404-after: a DELETE of a terminating or terminated cluster is 404; GET still finds it", async () => {
    const { key, id } = await readyIn(["delete-404-after"]);
    const first = await h.call("DELETE", `/clusters/${id}`, { key });
    expect(first.status).toBe(200);
    expect(clusterOf(first).status).toBe("terminating");
    const second = await h.call("DELETE", `/clusters/${id}`, { key });
    expect(second.status).toBe(404);
    expect(errorOf(second).code).toBe("not_found");
    await h.control.advance(10);
    expect((await h.call("DELETE", `/clusters/${id}`, { key })).status).toBe(404);
    expect((await h.getCluster(key, id)).status).toBe("terminated");
  });

  it("dropNextDeleteResponse: the terminate is committed, the answer lost; with delete-404-after the retry is 404", async () => {
    const { key, id } = await readyIn(["delete-404-after"]);
    const set = objectOf(await h.control.faults({ dropNextDeleteResponse: true }));
    expect(set.data).toMatchObject({ dropNextDeleteResponse: true });
    await expect(h.call("DELETE", `/clusters/${id}`, { key })).rejects.toThrow();
    expect((await h.getCluster(key, id)).status).toBe("terminating");
    const retry = await h.call("DELETE", `/clusters/${id}`, { key });
    expect(retry.status).toBe(404);
    await h.control.advance(10);
    expect((await h.getCluster(key, id)).status).toBe("terminated");
  });

  it("dropNextDeleteResponse drops only one answer, and without variants the retry is 200", async () => {
    const key = h.newKey();
    const a = await h.createReady(key, { name: "a" });
    await h.control.faults({ dropNextDeleteResponse: true });
    await expect(h.call("DELETE", `/clusters/${a.id}`, { key })).rejects.toThrow();
    const retry = await h.call("DELETE", `/clusters/${a.id}`, { key });
    expect(retry.status).toBe(200);
    expect(clusterOf(retry).status).toBe("terminating");
    expect(objectOf(await h.call("GET", "/__sim/faults")).data).toMatchObject({
      dropNextDeleteResponse: false,
    });
  });
});

describe("html-root", () => {
  it("answers 200 text/html outside /api/v1, as a marketing site at the origin would", async () => {
    const key = h.newKey();
    const plain = await fetch(`${h.sim.url}/clusters/offers`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(plain.status).toBe(404);
    expect(plain.headers.get("content-type")).toMatch(/application\/json/);

    await h.control.variants(["html-root"], key);
    for (const path of ["/clusters/offers", "/billing/balance", "/"]) {
      const res = await fetch(`${h.sim.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toMatch(/^<!doctype html>/i);
    }
    // /api/v1 and /__sim are unchanged.
    expect((await h.call("GET", "/clusters/offers", { key })).status).toBe(200);
    expect((await h.call("GET", "/nope", { key })).status).toBe(404);
    expect((await h.call("GET", "/__sim/nope")).status).toBe(404);
  });

  it("follows the default list for requests without a key", async () => {
    expect((await fetch(`${h.sim.url}/billing/balance`)).status).toBe(404);
    await h.control.variants(["html-root"]);
    const res = await fetch(`${h.sim.url}/billing/balance`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  });
});
