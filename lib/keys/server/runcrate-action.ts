import "server-only";
import type { z } from "zod";
import { userAction, type ActionOptions } from "@/lib/accounts/server/user-action";
import type { SessionUser } from "@/lib/accounts/server/session";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { getDb } from "@/lib/server/db/client";
import { ActionError, type ActionResult } from "@/lib/server/action-error";
import type { TeamAction, Whose } from "@/lib/teams/permissions";
import type { TeamMembership } from "@/lib/teams/roles";
import { allowFor } from "@/lib/teams/server/authorize";
import { contextForUser, type ActiveKey } from "./runcrate-context";

export const NO_KEY_MESSAGE = "Add a Runcrate API key in Settings first.";
export const TEAM_NO_KEY_MESSAGE =
  "Your team has no Runcrate key yet: one of its admins adds it in Settings → Team.";

/**
 * May the person do `action` (on the cluster `on.clusterId`) in the team they work in? Refuses — the action answers
 * with the reason and does nothing — or says whose the cluster is.
 */
export type Allow = (
  action: TeamAction,
  on?: { clusterId: string; reason?: string | null },
) => Promise<{ whose: Whose }>;

/**
 * A server action that talks to Runcrate with the key of the team the signed-in user works in (their own, in their
 * personal team): userAction plus the team, the user's role in it and the key. What the role allows is the action's
 * question, asked with `allow` (lib/teams/server/authorize.ts).
 */
export function runcrateAction<S extends z.ZodType, T>(
  schema: S,
  fn: (
    input: z.output<S>,
    ctx: { user: SessionUser; team: TeamMembership; key: ActiveKey; client: RuncrateClient; allow: Allow },
  ) => Promise<T>,
  opts: ActionOptions = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  const withKey = async (input: z.output<S>, { user }: { user: SessionUser }) => {
    const ctx = await contextForUser(user);
    if (ctx.state !== "ready")
      throw new ActionError(
        ctx.state === "no-key" && !ctx.team.personal ? TEAM_NO_KEY_MESSAGE : NO_KEY_MESSAGE,
        "no-key",
      );
    const allow: Allow = allowFor(await getDb(), { userId: user.id, team: ctx.team });
    return fn(input, { user, team: ctx.team, key: ctx.key, client: ctx.client, allow });
  };
  // The server log names the action, not this wrapper.
  Object.defineProperty(withKey, "name", { value: fn.name || "runcrateAction" });
  return userAction(schema, withKey, opts);
}
