import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sshKeyResponseSchema } from "@/lib/runcrate/schemas";
import { errorOf, parseWith, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const PUBLIC_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOa4nQ3n9rQ7ZC3m0iJx2oZ8YqYc7b8u8c5m2k1hX9pR dev@box";

describe("/ssh-keys", () => {
  it("adds a key (201, camelCase, fingerprint), lists it, and refuses a duplicate (409)", async () => {
    const key = h.newKey();
    const res = await h.call("POST", "/ssh-keys", { key, body: { name: "dev box", public_key: PUBLIC_KEY } });
    expect(res.status).toBe(201);
    const added = parseWith(sshKeyResponseSchema, res).data;
    expect(added).toMatchObject({ name: "dev box", type: "ssh-ed25519", lastUsed: null });
    expect(added.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(await h.sshKeyIds(key)).toContain(added.id);
    const dup = await h.call("POST", "/ssh-keys", { key, body: { name: "again", public_key: PUBLIC_KEY } });
    expect(dup.status).toBe(409);
    expect(errorOf(dup).details?.id).toBe(added.id);
  });

  it("validates the body (422 with the field)", async () => {
    const key = h.newKey();
    const bad = await h.call("POST", "/ssh-keys", { key, body: { name: "x", public_key: "not a key" } });
    expect(bad.status).toBe(422);
    expect(errorOf(bad).details?.field).toBe("public_key");
    const noName = await h.call("POST", "/ssh-keys", { key, body: { public_key: PUBLIC_KEY } });
    expect(errorOf(noName).details?.field).toBe("name");
  });

  it("deletes a key (204) and answers 404 for an unknown one", async () => {
    const key = h.newKey();
    const [first] = await h.sshKeyIds(key);
    expect((await h.call("DELETE", `/ssh-keys/${first}`, { key })).status).toBe(204);
    expect(await h.sshKeyIds(key)).not.toContain(first);
    expect((await h.call("DELETE", `/ssh-keys/${first}`, { key })).status).toBe(404);
    // A deleted key can no longer be put on a cluster.
    expect((await h.create(key, { ssh_key_ids: [first] })).status).toBe(404);
  });

  it("marks keys used by a create", async () => {
    const key = h.newKey();
    const ids = await h.sshKeyIds(key);
    await h.create(key, { ssh_key_ids: [ids[1]] });
    const res = await h.call("GET", "/ssh-keys", { key });
    const used = (res.body as { data: Array<{ id: string; lastUsed: string }> }).data.find(
      (k) => k.id === ids[1],
    );
    expect(Date.parse(used?.lastUsed ?? "")).toBe(h.control.now());
  });
});
