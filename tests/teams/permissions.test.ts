import { describe, expect, it } from "vitest";
import { decide, TEAM_ACTIONS, type TeamAction, type Whose } from "@/lib/teams/permissions";
import { TEAM_ROLES, type TeamRole } from "@/lib/teams/roles";

/**
 * The authorization table, walked whole: every role, every action, on the actor's own cluster, a colleague's and
 * another team's. The expectations are written out here from the roles' definitions (owner: everything; admin:
 * members, keys, policies, anyone's cluster; member: launch and their own clusters, sees the team's; viewer: sees,
 * no action), not read back from the table.
 */

const CLUSTER: TeamAction[] = ["view", "terminate", "resize", "test", "limits", "share", "transfer"];
const TEAM: TeamAction[] = [
  "launch",
  "members",
  "invite",
  "keys",
  "policies",
  "audit",
  "name-owners",
  "delete-team",
];

/** What each role may do: team actions, and cluster actions on their own and on a colleague's cluster. */
const MAY: Record<TeamRole, { team: TeamAction[]; own: TeamAction[]; colleague: TeamAction[] }> = {
  owner: { team: TEAM, own: CLUSTER, colleague: CLUSTER },
  admin: {
    team: ["launch", "members", "invite", "keys", "policies", "audit"],
    own: CLUSTER,
    colleague: CLUSTER,
  },
  member: {
    team: ["launch", "audit"],
    own: ["view", "terminate", "resize", "test", "limits", "share"],
    colleague: ["view"],
  },
  viewer: { team: ["audit"], own: ["view"], colleague: ["view"] },
};

describe("who may do what in a team", () => {
  it("names every action once, cluster and team actions together", () => {
    expect([...TEAM_ACTIONS].sort()).toEqual([...CLUSTER, ...TEAM].sort());
  });

  for (const role of TEAM_ROLES) {
    it(`${role}: allowed exactly what the role is for, and refused the rest with a message`, () => {
      for (const action of TEAM_ACTIONS) {
        const wheres: Whose[] = CLUSTER.includes(action) ? ["own", "colleague"] : ["own"];
        for (const whose of wheres) {
          const expected = CLUSTER.includes(action)
            ? MAY[role][whose === "own" ? "own" : "colleague"].includes(action)
            : MAY[role].team.includes(action);
          const d = decide(role, action, whose);
          expect(d.allowed, `${role} ${action} (${whose})`).toBe(expected);
          if (!d.allowed) expect(d.message, `${role} ${action} (${whose})`).toMatch(/^[A-Z].+\.$/);
        }
      }
    });
  }

  it("refuses every role any action on another team's cluster", () => {
    for (const role of TEAM_ROLES)
      for (const action of CLUSTER)
        expect(decide(role, action, "other-team")).toEqual({
          allowed: false,
          message: "That cluster belongs to another team.",
        });
  });

  it("asks an owner or admin for a reason to terminate or resize a colleague's cluster, and only then", () => {
    for (const role of ["owner", "admin"] as const) {
      for (const action of CLUSTER) {
        const d = decide(role, action, "colleague");
        expect(d).toEqual({ allowed: true, needsReason: action === "terminate" || action === "resize" });
        expect(decide(role, action, "own")).toEqual({ allowed: true, needsReason: false });
      }
    }
  });

  it("says why in words a person can act on", () => {
    expect(decide("viewer", "terminate")).toEqual({
      allowed: false,
      message: "Viewers can see the team's clusters but take no action.",
    });
    expect(decide("member", "terminate", "colleague")).toEqual({
      allowed: false,
      message: "Only an admin can terminate a colleague's cluster.",
    });
    expect(decide("member", "keys")).toEqual({
      allowed: false,
      message: "Only an admin can manage the team's keys.",
    });
    expect(decide("admin", "delete-team")).toEqual({
      allowed: false,
      message: "Only an owner can delete the team.",
    });
    expect(decide("member", "transfer", "own")).toEqual({
      allowed: false,
      message: "Only an admin can transfer a cluster.",
    });
  });
});
