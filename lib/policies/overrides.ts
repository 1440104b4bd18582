/**
 * A team policy's overrides, browser-safe: a role's or one member's own value for some rules. The rules that apply
 * to a person are the team's, then their role's override, then their own — each override replacing only the rules it
 * names (a rule named with no value: no rule for them). The team's total hourly rate is the team's alone.
 */
import { z } from "zod";
import { MAX_TIME_LIMIT_MINUTES, parseDuration } from "@/lib/spend/ledger";
import { formatMinutes } from "@/lib/format/duration";
import { MAX_NODES } from "@/lib/runcrate/schemas";
import { ROLE_WORD, TEAM_ROLES, type TeamRole } from "@/lib/teams/roles";
import { NO_POLICY, policyLines, type TeamPolicy } from "./policy";
import { isOfferName, splitNames } from "./policy-form";

/** The rules an override may set. */
export const OVERRIDABLE = [
  "maxHourlyRate",
  "maxNodes",
  "gpuTypes",
  "deploymentTypes",
  "allowCommunity",
  "requireTimeLimit",
  "maxTimeLimitMinutes",
  "maxClustersPerMember",
] as const satisfies readonly (keyof TeamPolicy)[];
export type OverridableRule = (typeof OVERRIDABLE)[number];

/** What an override sets: a rule present replaces the team's (null: no rule); a rule absent is the team's. */
export type PolicyRules = Partial<Pick<TeamPolicy, OverridableRule>>;

/** Roles an override can be for: a viewer launches nothing. */
export const OVERRIDE_ROLES = TEAM_ROLES.filter((r) => r !== "viewer");

export type OverrideScope = { role: TeamRole; userId?: undefined } | { userId: string; role?: undefined };

export type PolicyOverride = OverrideScope & { id: string; rules: PolicyRules; label: string };

/** The team's policy with a role's and then a member's overrides on it, in that order. */
export function withOverrides(
  team: TeamPolicy,
  ...overrides: (PolicyRules | null | undefined)[]
): TeamPolicy {
  let out = team;
  for (const o of overrides) if (o) out = { ...out, ...o };
  return out;
}

/** The override in a phrase per rule ("At most 16 nodes per cluster", "Any GPU type"). */
export function overrideLines(rules: PolicyRules): string[] {
  const lines: string[] = [];
  for (const rule of OVERRIDABLE) {
    if (!(rule in rules)) continue;
    const value = rules[rule];
    if (value === null) {
      lines.push(NO_RULE_WORDS[rule]);
      continue;
    }
    // The same words the team's rules use: the rule alone, on a policy that has no other.
    const one = policyLines({ ...NO_POLICY, [rule]: value });
    if (rule === "allowCommunity" && value === true) lines.push("Community hosts allowed");
    else if (rule === "requireTimeLimit" && value === false) lines.push("No time limit needed");
    else lines.push(...one);
  }
  return lines;
}

const NO_RULE_WORDS: Record<OverridableRule, string> = {
  maxHourlyRate: "Any hourly rate per cluster",
  maxNodes: "Any number of nodes",
  gpuTypes: "Any GPU type",
  deploymentTypes: "Any deployment type",
  allowCommunity: "Community hosts allowed",
  requireTimeLimit: "No time limit needed",
  maxTimeLimitMinutes: "Time limits of any length",
  maxClustersPerMember: "Any number of running clusters",
};

/** Who an override is for, as a page names them. */
export function scopeLabel(scope: OverrideScope, memberName?: string): string {
  return scope.role ? `${ROLE_WORD[scope.role]}s` : (memberName ?? "A member");
}

// ───────────────────────────── the form ─────────────────────────────

/** Typed as "as the team" (empty), "none" (no rule for them), or a value. */
const AS_TEAM = "";
const NONE = /^(none|no rule|any)$/i;

type Parsed<T> = { set: false } | { set: true; value: T | null };

function numberField(what: string, max: number, int: boolean) {
  return z
    .string()
    .trim()
    .max(20)
    .transform((s, ctx): Parsed<number> => {
      if (s === AS_TEAM) return { set: false };
      if (NONE.test(s)) return { set: true, value: null };
      const n = Number(s.replace(/^\$/, "").replace(/\/h$/i, "").trim());
      if (!Number.isFinite(n) || n <= 0 || n > max || (int && !Number.isInteger(n))) {
        ctx.addIssue({
          code: "custom",
          message: `${what}: ${int ? "a whole number" : "a number"} above 0, at most ${max}; "none" for no rule; empty for the team's.`,
        });
        return z.NEVER;
      }
      return { set: true, value: n };
    });
}

/** A list of names, "any" for no rule, or empty for the team's. */
function namesOrAny(what: string) {
  return z
    .string()
    .trim()
    .max(500, "List at most a few hundred characters.")
    .transform((s, ctx): Parsed<string[]> => {
      if (s === AS_TEAM) return { set: false };
      if (/^any$/i.test(s)) return { set: true, value: null };
      const names = splitNames(s);
      if (!names.every(isOfferName)) {
        ctx.addIssue({ code: "custom", message: `${what}; "any" for any; empty for the team's.` });
        return z.NEVER;
      }
      return { set: true, value: names };
    });
}

const tri = z.enum(["team", "yes", "no"]);

/** Settings → Team's override form, as typed. `scope` is "role:<role>" or "member:<user id>". */
export const policyOverrideSchema = z.object({
  teamId: z.uuid("That team does not exist."),
  scope: z
    .string()
    .regex(
      new RegExp(`^(role:(${OVERRIDE_ROLES.join("|")})|member:[0-9a-f-]{36})$`),
      "Choose a role or a member.",
    ),
  maxHourlyRate: numberField("Largest hourly rate", 100_000, false),
  maxNodes: numberField("Most nodes", MAX_NODES, true),
  maxClustersPerMember: numberField("Most running clusters", 1000, true),
  gpuTypes: namesOrAny("GPU types as offers name them, separated by commas"),
  deploymentTypes: namesOrAny("Deployment types as offers name them (vm, container), separated by commas"),
  maxTimeLimit: z
    .string()
    .trim()
    .max(40)
    .transform((s, ctx): Parsed<number> => {
      if (s === AS_TEAM) return { set: false };
      if (NONE.test(s)) return { set: true, value: null };
      const minutes = parseDuration(s);
      if (minutes === null || minutes <= 0 || minutes > MAX_TIME_LIMIT_MINUTES) {
        ctx.addIssue({
          code: "custom",
          message: 'Longest time limit: a duration such as "8 h"; "none" for no rule; empty for the team\'s.',
        });
        return z.NEVER;
      }
      return { set: true, value: minutes };
    }),
  allowCommunity: tri,
  requireTimeLimit: tri,
});
export type PolicyOverrideInput = z.input<typeof policyOverrideSchema>;
export type PolicyOverrideValues = z.output<typeof policyOverrideSchema>;

/** The scope the form names. */
export function scopeOf(scope: string): OverrideScope {
  const [kind, value] = scope.split(":") as [string, string];
  return kind === "role" ? { role: value as TeamRole } : { userId: value };
}

/** The rules the form sets (what it leaves empty stays the team's). */
export function rulesOf(v: PolicyOverrideValues): PolicyRules {
  const rules: PolicyRules = {};
  const put = <K extends OverridableRule>(rule: K, p: Parsed<NonNullable<TeamPolicy[K]>>) => {
    if (p.set) rules[rule] = p.value as TeamPolicy[K];
  };
  put("maxHourlyRate", v.maxHourlyRate);
  put("maxNodes", v.maxNodes);
  put("maxClustersPerMember", v.maxClustersPerMember);
  put("gpuTypes", v.gpuTypes);
  put("deploymentTypes", v.deploymentTypes);
  put("maxTimeLimitMinutes", v.maxTimeLimit);
  if (v.allowCommunity !== "team") rules.allowCommunity = v.allowCommunity === "yes";
  if (v.requireTimeLimit !== "team") rules.requireTimeLimit = v.requireTimeLimit === "yes";
  return rules;
}

/** The form's text for a stored override (or a new one for `scope`). */
export function overrideFormValues(
  teamId: string,
  scope: string,
  rules: PolicyRules = {},
): PolicyOverrideInput {
  const text = <T>(rule: OverridableRule, show: (v: T) => string) =>
    !(rule in rules)
      ? AS_TEAM
      : rules[rule] === null
        ? rule === "gpuTypes" || rule === "deploymentTypes"
          ? "any"
          : "none"
        : show(rules[rule] as T);
  const triOf = (v: boolean | undefined) => (v === undefined ? "team" : v ? "yes" : "no");
  return {
    teamId,
    scope,
    maxHourlyRate: text<number>("maxHourlyRate", String),
    maxNodes: text<number>("maxNodes", String),
    maxClustersPerMember: text<number>("maxClustersPerMember", String),
    gpuTypes: text<string[]>("gpuTypes", (g) => g.join(", ")),
    deploymentTypes: text<string[]>("deploymentTypes", (g) => g.join(", ")),
    maxTimeLimit: text<number>("maxTimeLimitMinutes", formatMinutes),
    allowCommunity: triOf(rules.allowCommunity),
    requireTimeLimit: triOf(rules.requireTimeLimit),
  };
}

export const isEmptyOverride = (rules: PolicyRules) => Object.keys(rules).length === 0;

export const removeOverrideSchema = z.object({
  teamId: z.uuid("That team does not exist."),
  id: z.uuid("That override does not exist."),
});
