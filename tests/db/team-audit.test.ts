import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAudit, listAudit, listTeamAudit } from "@/lib/audit/server/audit-log";
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

    const bos = await listTeamAudit(db, teamId, { person: bo.id, action: null });
    expect(bos.map((e) => e.action)).toEqual(["launch"]);
    const terminations = await listTeamAudit(db, teamId, { person: null, action: "terminate" });
    expect(terminations.map((e) => e.actorEmail)).toEqual([ada.email]);
    expect(await listTeamAudit(db, teamId, { person: cy.id, action: null })).toEqual([]);
    expect((await listTeamAudit(db, otherTeam)).map((e) => e.actorEmail)).toEqual([cy.email]);
    // A person's own log still has all of theirs, whichever team.
    expect((await listAudit(db, bo.id)).map((e) => e.action).sort()).toEqual(["launch", "terminate"]);
  });
});
