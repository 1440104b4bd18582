import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAudit, insertLaunchAuditOnce, listAudit } from "@/lib/audit/server/audit-log";
import type { Database } from "@/lib/server/db/client";
import {
  createUser,
  findOrCreateExternalUser,
  findUserByEmail,
  findUserById,
} from "@/lib/accounts/server/users";
import { BACKENDS } from "./support/backends";
import { makeUser } from "./support/fixtures";

describe.each(BACKENDS)("users and audit log on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("stores emails lower-cased and refuses the same email twice, whatever its case", async () => {
    const { db } = database;
    const first = await createUser(db, { email: "  Ada@Example.COM ", name: "Ada", passwordHash: "x" });
    expect(first).toMatchObject({ ok: true, user: { email: "ada@example.com" } });
    expect(await createUser(db, { email: "ada@example.com", name: null, passwordHash: "y" })).toEqual({
      ok: false,
      reason: "email_taken",
    });
    expect((await findUserByEmail(db, "ADA@example.com"))?.name).toBe("Ada");
  });

  it("lets only one of two simultaneous sign-ups with one email win", async () => {
    const { db } = database;
    const results = await Promise.all(
      [1, 2, 3].map(() => createUser(db, { email: "race@example.com", name: null, passwordHash: "h" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("looks up users by id and treats a malformed id as unknown", async () => {
    const { db } = database;
    const user = await makeUser(db);
    expect((await findUserById(db, user.id))?.email).toBe(user.email);
    expect(await findUserById(db, "nope")).toBeNull();
  });

  it("links an external identity once and never to an existing password account", async () => {
    const { db } = database;
    const first = await findOrCreateExternalUser(db, {
      provider: "github",
      providerAccountId: "42",
      email: "octo@example.com",
      name: "Octo",
    });
    expect(first.ok).toBe(true);
    const again = await findOrCreateExternalUser(db, {
      provider: "github",
      providerAccountId: "42",
      email: "changed@example.com",
      name: null,
    });
    expect(again.ok && first.ok && again.user.id === first.user.id).toBe(true);
    await createUser(db, { email: "taken@example.com", name: null, passwordHash: "h" });
    expect(
      await findOrCreateExternalUser(db, {
        provider: "oidc",
        providerAccountId: "s1",
        email: "taken@example.com",
        name: null,
      }),
    ).toEqual({ ok: false, reason: "email_in_use" });
    expect(
      await findOrCreateExternalUser(db, {
        provider: "oidc",
        providerAccountId: "s2",
        email: null,
        name: null,
      }),
    ).toEqual({ ok: false, reason: "no_email" });
  });

  it("records audit entries per user, newest first, with the key label and never anything else", async () => {
    const { db } = database;
    const [alice, bob] = [await makeUser(db), await makeUser(db)];
    await insertAudit(db, {
      userId: alice.id,
      teamId: null,
      action: "launch",
      clusterId: "c1",
      clusterName: "train",
      keyLabel: "Personal",
    });
    await new Promise((r) => setTimeout(r, 5));
    await insertAudit(db, {
      userId: alice.id,
      teamId: null,
      action: "resize",
      clusterId: "c1",
      clusterName: "train",
      keyLabel: "Personal",
      detail: "4 → 8 nodes",
    });
    await insertAudit(db, {
      userId: bob.id,
      teamId: null,
      action: "terminate",
      clusterId: "c9",
      clusterName: "bobs",
      keyLabel: "Team",
    });

    const entries = await listAudit(db, alice.id);
    expect(entries.map((e) => [e.action, e.clusterName, e.keyLabel, e.actorEmail])).toEqual([
      ["resize", "train", "Personal", alice.email],
      ["launch", "train", "Personal", alice.email],
    ]);
    expect(entries[0]!.detail).toBe("4 → 8 nodes");
    expect((await listAudit(db, bob.id)).map((e) => e.clusterId)).toEqual(["c9"]);
  });

  it("writes one launch entry per cluster when the same launch is answered several times at once", async () => {
    const { db } = database;
    const carol = await makeUser(db);
    const launch = {
      userId: carol.id,
      teamId: null,
      action: "launch" as const,
      clusterId: "c-replayed",
      clusterName: "twice",
      keyLabel: "Personal",
    };
    // Two instances answering one Idempotency-Key (one first launch, one replay), plus a late retry.
    const wrote = await Promise.all([insertLaunchAuditOnce(db, launch), insertLaunchAuditOnce(db, launch)]);
    expect(wrote.filter(Boolean)).toHaveLength(1);
    expect(await insertLaunchAuditOnce(db, launch)).toBe(false);
    // Another cluster of the same user still gets its own entry.
    expect(await insertLaunchAuditOnce(db, { ...launch, clusterId: "c-other" })).toBe(true);
    const entries = await listAudit(db, carol.id);
    expect(entries.map((e) => e.clusterId).sort()).toEqual(["c-other", "c-replayed"]);
  });
});
