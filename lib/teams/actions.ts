"use server";

import { revalidatePath } from "next/cache";
import { ActionError, userAction } from "@/lib/handlers/safe-action";
import { invalidateUserContext } from "@/lib/keys/server/context-cache";
import { getDb } from "@/lib/server/db/client";
import { createTeamSchema, teamRefSchema } from "@/lib/teams/schemas";
import { chooseTeam, createTeam, type TeamMembership } from "@/lib/teams/server/teams-store";

/** Teams: making one, and choosing the one a person works in (the header's switcher). */

function switched(userId: string) {
  // Everything a page shows was read with the other team's key.
  invalidateUserContext(userId);
  revalidatePath("/", "layout");
}

/** Works in another of the person's teams from now on: its key, its clusters, their role in it. */
export const chooseTeamAction = userAction(
  teamRefSchema,
  async function chooseTeamAction({ teamId }, { user }): Promise<TeamMembership> {
    const team = await chooseTeam(await getDb(), user.id, teamId);
    if (!team) throw new ActionError("That team no longer exists, or you are no longer in it.", "not_found");
    switched(user.id);
    return team;
  },
);

/** Makes a team with the person as its owner, and has them work in it. */
export const createTeamAction = userAction(
  createTeamSchema,
  async function createTeamAction({ name }, { user }): Promise<TeamMembership> {
    const db = await getDb();
    const team = await createTeam(db, user.id, name);
    await chooseTeam(db, user.id, team.teamId);
    switched(user.id);
    return team;
  },
  { throttle: "create-team" },
);
