/**
 * The team forms' input, shared by the settings forms and lib/teams/actions.ts. No server-only imports: the client
 * bundles this file.
 */
import { z } from "zod";
import { invisibleCharacterMessage, isCleanTypedName } from "@/lib/text/typed-name";

export const TEAM_NAME_MAX = 60;

export const teamNameSchema = z
  .string()
  .trim()
  .min(1, "Give the team a name, like “Research” or “Inference”.")
  .max(TEAM_NAME_MAX, `A team's name has at most ${TEAM_NAME_MAX} characters.`)
  .refine(isCleanTypedName, invisibleCharacterMessage("The name"));

export const createTeamSchema = z.object({ name: teamNameSchema });
export type CreateTeamInput = z.input<typeof createTeamSchema>;

export const teamRefSchema = z.object({ teamId: z.uuid("That team does not exist.") });
