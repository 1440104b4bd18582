import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertAudit,
  listAudit,
  listTeamAudit,
  pruneAudit,
  teamAuditClusters,
} from "@/lib/audit/server/audit-log";
import { auditLog } from "@/lib/server/db/schema";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { createTeam } from "@/lib/teams/server/teams-store";
import { BACKENDS } from "./support/backends";
import { makeUser } from "./support/fixtures";

describe.each(BACKENDS)("a team's audit log on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("narrows to one cluster and lists the clusters it names, newest first, by their latest name", async () => {
    const { db } = database;
    const [ada, bo] = [await makeUser(db), await makeUser(db)];
    const { teamId } = await createTeam(db, ada.id, "Clusters");
    const at = (userId: string, clusterId: string, clusterName: string, minutesAgo: number) =>
      db.insert(auditLog).values({
        userId,
        teamId,
        action: "launch",
        clusterId,
        clusterName,
        keyLabel: "Team key",
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
    await at(ada.id, "c-1", "first-name", 30);
    await at(bo.id, "c-2", "other", 20);
    await at(bo.id, "c-1", "renamed", 10);
    await db.insert(auditLog).values({ userId: ada.id, teamId, action: "member-invited", keyLabel: "" });

    const one = await listTeamAudit(db, teamId, { person: null, action: null, cluster: "c-1" });
    expect(one.map((e) => e.actorEmail)).toEqual([bo.email, ada.email]);
    const bosOne = await listTeamAudit(db, teamId, { person: bo.id, action: null, cluster: "c-2" });
    expect(bosOne.map((e) => e.clusterName)).toEqual(["other"]);
    expect(await teamAuditClusters(db, teamId)).toEqual([
      { clusterId: "c-1", name: "renamed" },
      { clusterId: "c-2", name: "other" },
    ]);
  });

  it("deletes only the entries past retention", async () => {
    const { db } = database;
    const ada = await makeUser(db);
    const { teamId } = await createTeam(db, ada.id, "Old");
    const day = 86_400_000;
    const entry = (daysAgo: number) =>
      db.insert(auditLog).values({
        userId: ada.id,
        teamId,
        action: "member-invited",
        keyLabel: "",
        detail: `${daysAgo} days`,
        createdAt: new Date(Date.now() - daysAgo * day),
      });
    await entry(400);
    await entry(366);
    await entry(10);
    expect(await pruneAudit(db, new Date(Date.now() - 365 * day))).toBe(2);
    const left = await db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.teamId, teamId));
    expect(left).toEqual([{ detail: "10 days" }]);
    expect(await pruneAudit(db, new Date(Date.now() - 365 * day))).toBe(0);
  });

  it("holds every member's entries in the team and nothing else, narrowed by person and by action", async () => {
    const { db } = database;
    const [ada, bo, cy] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const { teamId } = await createTeam(db, ada.id, "Vision");
    const { teamId: otherTeam } = await createTeam(db, cy.id, "Speech");
    const entry = (userId: string, team: string | null, action: "launch" | "terminate" | "member-invited") =>
      insertAudit(db, {
        userId,
        teamId: team,
        address: "203.0.113.7",
        action,
        clusterId: action === "member-invited" ? null : `c-${userId.slice(0, 4)}`,
        clusterName: action === "member-invited" ? null : "train",
        keyLabel: "Team key",
      });
    await entry(ada.id, teamId, "member-invited");
    await entry(bo.id, teamId, "launch");
    await entry(ada.id, teamId, "terminate");
    await entry(cy.id, otherTeam, "launch");
    // Written before teams kept a log: in its author's own log only.
    await entry(bo.id, null, "terminate");

    const all = await listTeamAudit(db, teamId);
    expect(all.map((e) => [e.actorEmail, e.action]).sort()).toEqual(
      [
        [ada.email, "member-invited"],
        [ada.email, "terminate"],
        [bo.email, "launch"],
      ].sort(),
    );
    expect(all.every((e) => e.address === "203.0.113.7" && e.teamId === teamId)).toBe(true);

    const bos = await listTeamAudit(db, teamId, { person: bo.id, action: null, cluster: null });
    expect(bos.map((e) => e.action)).toEqual(["launch"]);
    const terminations = await listTeamAudit(db, teamId, {
      person: null,
      action: "terminate",
      cluster: null,
    });
    expect(terminations.map((e) => e.actorEmail)).toEqual([ada.email]);
    expect(await listTeamAudit(db, teamId, { person: cy.id, action: null, cluster: null })).toEqual([]);
    expect((await listTeamAudit(db, otherTeam)).map((e) => e.actorEmail)).toEqual([cy.email]);
    // A person's own log still has all of theirs, whichever team.
    expect((await listAudit(db, bo.id)).map((e) => e.action).sort()).toEqual(["launch", "terminate"]);
  });
});
