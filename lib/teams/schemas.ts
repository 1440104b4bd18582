/**
 * The team forms' input, shared by the settings forms and lib/teams/actions.ts. No server-only imports: the client
 * bundles this file.
 */
import { z } from "zod";
import { EMAIL_MAX } from "@/lib/accounts/rate-limits";
import { invisibleCharacterMessage, isCleanTypedName } from "@/lib/text/typed-name";
import { TEAM_ROLES } from "@/lib/teams/roles";

export const TEAM_NAME_MAX = 60;

export const teamNameSchema = z
  .string()
  .trim()
  .min(1, "Give the team a name, like “Research” or “Inference”.")
  .max(TEAM_NAME_MAX, `A team's name has at most ${TEAM_NAME_MAX} characters.`)
  .refine(isCleanTypedName, invisibleCharacterMessage("The name"));

export const createTeamSchema = z.object({ name: teamNameSchema });
export type CreateTeamInput = z.input<typeof createTeamSchema>;

const teamId = z.uuid("That team does not exist.");
export const teamRefSchema = z.object({ teamId });

/** The roles an invite may carry: an owner is named by an owner, inside the team. */
export const INVITE_ROLES = ["admin", "member", "viewer"] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
export const INVITE_DAYS = 7;

/** The link an invite travels as: its token is in it, and it is shown once. */
export const invitePath = (token: string) => `/invite/${token}`;

export const createInviteSchema = z.object({
  teamId,
  email: z
    .string()
    .trim()
    .min(1, "Enter the email address of the person to invite.")
    .max(EMAIL_MAX, `An email address has at most ${EMAIL_MAX} characters.`)
    .pipe(z.email("Enter a valid email address, like name@example.com.")),
  role: z.enum(INVITE_ROLES, "Choose a role: admin, member or viewer."),
  /** Mail the link to the address too (where the instance sends email); the admin sees it either way. */
  sendEmail: z.boolean().optional(),
});
export type CreateInviteInput = z.input<typeof createInviteSchema>;

export const inviteRefSchema = z.object({ teamId, inviteId: z.uuid("That invite does not exist.") });

/** A link's token as it arrives (checked for its shape on the server). */
export const acceptInviteSchema = z.object({ token: z.string().max(100) });

/** One member of a team, and (to change their role) the role they get. */
export const memberRefSchema = z.object({ teamId, userId: z.uuid("That person is not in the team.") });
/** A removal, and who gets the clusters the person launched with the team's key (nobody: they stay unowned). */
export const removeMemberSchema = memberRefSchema.extend({
  handTo: z.uuid("Choose who gets their clusters.").optional(),
});
export type RemoveMemberInput = z.input<typeof removeMemberSchema>;
export const memberRoleSchema = memberRefSchema.extend({
  role: z.enum(TEAM_ROLES, "Choose a role: owner, admin, member or viewer."),
});

/** Deleting a team, confirmed by typing its name. */
export const deleteTeamSchema = z.object({ teamId, confirmName: z.string().max(200) });

/** The roles a person joins with by their email domain: never an admin or owner by their address alone. */
export const JOIN_ROLES = ["member", "viewer"] as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A team's joining by email domain: a domain (empty: nobody joins by domain) and the role they get. */
export const autoJoinSchema = z.object({
  teamId,
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, "A domain has at most 253 characters.")
    .transform((d) => d.replace(/^@/, ""))
    .refine((d) => d === "" || DOMAIN.test(d), "Enter a domain such as example.com, or leave it empty."),
  role: z.enum(JOIN_ROLES, "Choose a role: member or viewer."),
});
export type AutoJoinInput = z.input<typeof autoJoinSchema>;
