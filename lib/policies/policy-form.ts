/** Settings → Team's policy form, browser-safe: what an admin types, read into a policy and back. */
import { z } from "zod";
import { MAX_TIME_LIMIT_MINUTES, parseDuration } from "@/lib/spend/ledger";
import { formatMinutes } from "@/lib/format/duration";
import { MAX_NODES } from "@/lib/runcrate/schemas";
import { isNoPolicy, type TeamPolicy } from "./policy";

const optionalNumber = (what: string, max: number, int: boolean) =>
  z
    .string()
    .trim()
    .max(20)
    .transform((s) => s.replace(/^\$/, "").replace(/\/h$/i, "").trim())
    .refine((s) => s === "" || (Number.isFinite(Number(s)) && Number(s) > 0 && Number(s) <= max), {
      message: `${what}: a number above 0, at most ${max}, or empty for no rule.`,
    })
    .refine((s) => !int || s === "" || Number.isInteger(Number(s)), { message: `${what}: a whole number.` })
    .transform((s) => (s === "" ? null : Number(s)));

/** Names as offers give them, separated by commas: each once, in the order typed. */
export function splitNames(s: string): string[] {
  return [
    ...new Set(
      s
        .split(",")
        .map((g) => g.trim())
        .filter(Boolean),
    ),
  ];
}

/** A name an offer could give a GPU type or a deployment type. */
export const isOfferName = (t: string) => t.length <= 60 && /^[\w .+-]+$/.test(t);

/** A list of names (GPU types, deployment types); empty: no rule. */
function nameList(message: string) {
  return z
    .string()
    .trim()
    .max(500, "List at most a few hundred characters.")
    .transform((s) => (s === "" ? null : splitNames(s)))
    .refine((g) => g === null || g.every(isOfferName), { message });
}

/** Settings → Team's policy form, as typed (empty: no rule). */
export const teamPolicySchema = z.object({
  teamId: z.uuid("That team does not exist."),
  maxHourlyRate: optionalNumber("Largest hourly rate", 100_000, false),
  maxNodes: optionalNumber("Most nodes", MAX_NODES, true),
  maxClustersPerMember: optionalNumber("Most running clusters per member", 1000, true),
  maxTeamHourlyRate: optionalNumber("Largest hourly rate for the team", 1_000_000, false),
  gpuTypes: nameList(
    "GPU types as offers name them, separated by commas (H100, A100 80GB), or empty for any.",
  ),
  deploymentTypes: nameList(
    "Deployment types as offers name them, separated by commas (vm, container), or empty for any.",
  ),
  allowCommunity: z.boolean(),
  requireTimeLimit: z.boolean(),
  maxTimeLimit: z
    .string()
    .trim()
    .max(40)
    .transform((s, ctx) => {
      if (s === "") return null;
      const minutes = parseDuration(s);
      if (minutes === null || minutes <= 0 || minutes > MAX_TIME_LIMIT_MINUTES) {
        ctx.addIssue({
          code: "custom",
          message: 'Longest time limit: a duration such as "8 h" or "90 min".',
        });
        return z.NEVER;
      }
      return minutes;
    }),
});
export type TeamPolicyInput = z.input<typeof teamPolicySchema>;

/**
 * The form's text for a stored policy. A team without one starts with community hosts off: a policy allows them
 * only when its admins say so.
 */
export function policyFormValues(teamId: string, p: TeamPolicy): TeamPolicyInput {
  return {
    allowCommunity: isNoPolicy(p) ? false : p.allowCommunity,
    teamId,
    maxHourlyRate: p.maxHourlyRate === null ? "" : String(p.maxHourlyRate),
    maxNodes: p.maxNodes === null ? "" : String(p.maxNodes),
    gpuTypes: p.gpuTypes === null ? "" : p.gpuTypes.join(", "),
    deploymentTypes: p.deploymentTypes === null ? "" : p.deploymentTypes.join(", "),
    requireTimeLimit: p.requireTimeLimit,
    maxTimeLimit: p.maxTimeLimitMinutes === null ? "" : formatMinutes(p.maxTimeLimitMinutes),
    maxClustersPerMember: p.maxClustersPerMember === null ? "" : String(p.maxClustersPerMember),
    maxTeamHourlyRate: p.maxTeamHourlyRate === null ? "" : String(p.maxTeamHourlyRate),
  };
}
