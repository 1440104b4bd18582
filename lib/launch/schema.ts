/**
 * The create-cluster form's schema, built from the chosen offer. The same builder runs in the browser (react-hook-form
 * resolver) and in the launch server action against a freshly fetched offer, so whatever the form accepts the API
 * accepts for every rule the offer and the workspace's lists can tell (runcrate-api.md §2.2, sim assumptions §5 #5).
 */
import { z } from "zod";
import { MAX_SSH_KEYS, STACKS } from "@/lib/runcrate/constants";
import type { Offer } from "@/lib/runcrate/schemas";
import {
  nameProblem,
  type CreateClusterFormValues,
  type CreateSchemaContext,
  type LaunchFormValues,
} from "@/lib/launch/form";
import { checkLimits } from "@/lib/limits/input";
import {
  describeNodeCounts,
  isCommunity,
  knownStacks,
  stackLabel,
  storageBlockedReason,
  takesNodeCount,
  validNodeCounts,
} from "@/lib/offers/offer-rules";

/**
 * The form values' shape with generous bounds and no offer rules: what untrusted copies of the values (a stored draft,
 * a server action's input) are checked against before the offer-built schema decides.
 */
/** "Time limit" and "Budget limit" as typed; empty is no limit. */
export const limitTextShapeSchema = z.object({
  timeLimit: z.string().max(40),
  budgetLimit: z.string().max(40),
});

export const formValuesShapeSchema = z.object({
  name: z.string().max(300),
  node_count: z.number(),
  stack: z.string().max(50),
  ssh_key_ids: z.array(z.string().max(100)).max(100),
  storage_id: z.string().max(100),
  include_community: z.boolean(),
});

const guid = z.guid();
/** SSH key ids: UUIDs as documented, or the numeric ids an API may hand out instead (`101`). */
const sshKeyId = z.union([z.guid(), z.string().regex(/^[1-9]\d{0,17}$/)]);

export function buildCreateClusterSchema(offer: Offer, ctx: CreateSchemaContext = {}) {
  const stacks = knownStacks(offer);
  const counts = validNodeCounts(offer);
  const community = isCommunity(offer);
  const storageReason = storageBlockedReason(offer);
  const sshKnown = ctx.sshKeyIds ? new Set(ctx.sshKeyIds) : null;
  const storageKnown = ctx.storageIds ? new Set(ctx.storageIds) : null;
  const stackMessage =
    stacks.length === 0
      ? "This offer lists no stack the console can launch."
      : `Pick one of this offer's stacks: ${stacks.map(stackLabel).join(", ")}.`;

  return z.object({
    name: z.string().superRefine((v, c) => {
      const p = nameProblem(v);
      if (p) c.addIssue({ code: "custom", message: p });
    }),
    node_count: z.number({ error: "Pick a node count." }).refine((n) => takesNodeCount(offer, n), {
      message:
        counts.length === 0
          ? "This offer takes no node count the API allows."
          : `This offer takes ${describeNodeCounts(offer)}.`,
    }),
    stack: z
      .enum(STACKS, { error: () => stackMessage })
      .refine((s) => stacks.includes(s), { message: stackMessage }),
    ssh_key_ids: z
      .array(z.string())
      .max(MAX_SSH_KEYS, `At most ${MAX_SSH_KEYS} SSH keys.`)
      .superRefine((ids, c) => {
        if (new Set(ids).size !== ids.length)
          c.addIssue({ code: "custom", message: "Each SSH key can be picked once." });
        if (ids.some((id) => !sshKeyId.safeParse(id).success))
          c.addIssue({ code: "custom", message: "An SSH key id is not valid." });
        else if (sshKnown && ids.some((id) => !sshKnown.has(id)))
          c.addIssue({
            code: "custom",
            message: "A picked SSH key no longer exists in this workspace; reload the list.",
          });
      }),
    storage_id: z.string().superRefine((id, c) => {
      if (id === "") return;
      if (storageReason) c.addIssue({ code: "custom", message: storageReason });
      else if (!guid.safeParse(id).success)
        c.addIssue({ code: "custom", message: "That volume id is not valid." });
      else if (storageKnown && !storageKnown.has(id))
        c.addIssue({
          code: "custom",
          message: "That volume no longer exists in this environment; reload the list.",
        });
    }),
    include_community: z.boolean().refine((v) => v === community, {
      message: community
        ? "This offer runs on community hosts; launching it needs include_community."
        : "include_community is only for offers on community hosts.",
    }),
  }) satisfies z.ZodType<CreateClusterFormValues>;
}

/**
 * The whole create form in the browser: the cluster's values as above, and the limits by the rules the launch action
 * applies to them (lib/limits/input.ts, with the operator's ceiling on time limits), each message on its own field.
 */
export function buildLaunchFormSchema(
  offer: Offer,
  ctx: CreateSchemaContext & { ceilingMinutes?: number | null } = {},
) {
  return buildCreateClusterSchema(offer, ctx).extend({
    limits: limitTextShapeSchema.superRefine((text, c) => {
      const check = checkLimits(text, ctx.ceilingMinutes ?? null);
      if (check.ok) return;
      for (const [field, message] of Object.entries(check.errors))
        c.addIssue({ code: "custom", path: [field], message });
    }),
  }) satisfies z.ZodType<LaunchFormValues>;
}
