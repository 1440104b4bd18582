"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ActionError } from "@/lib/server/action-error";
import { runcrateAction } from "@/lib/keys/server/runcrate-action";
import { userAction } from "@/lib/accounts/server/user-action";
import { launchInputSchema } from "@/lib/launch/launch-input";
import { clusterIdSchema } from "@/lib/runcrate/cluster-id";
import { MAX_NODES, MIN_NODES } from "@/lib/runcrate/schemas";
import { approvalNoteSchema, approvalReasonSchema } from "@/lib/approvals/approval";
import { extendMinutesSchema } from "@/lib/limits/server/extend";
import { checkApprovalLink, decideApproval, type Decided } from "@/lib/approvals/server/approvals";
import { requestChangeApproval, requestLaunchApproval } from "@/lib/approvals/server/approval-requests";

/** The create form, after the team's rules refused a launch: send it to the team's admins with a reason. */
export const requestLaunchApprovalAction = runcrateAction(
  launchInputSchema.extend({ reason: approvalReasonSchema }),
  async function requestLaunchApprovalAction({ reason, ...launch }, ctx) {
    await ctx.allow("launch");
    const made = await requestLaunchApproval(ctx, launch, reason);
    revalidatePath("/approvals");
    return made;
  },
  { throttle: "request-approval" },
);

/**
 * The cluster page, after the team's rules refused an extension or a resize: send it to the team's admins with a
 * reason. The Idempotency-Key is the browser's, one per change asked for: asking again finds the first request.
 */
export const requestChangeApprovalAction = runcrateAction(
  z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("extend"),
      id: clusterIdSchema,
      minutes: extendMinutesSchema,
      idempotencyKey: z.uuid("A change needs its own key."),
      reason: approvalReasonSchema,
    }),
    z.object({
      kind: z.literal("resize"),
      id: clusterIdSchema,
      nodeCount: z.number().int().min(MIN_NODES).max(MAX_NODES),
      idempotencyKey: z.uuid("A change needs its own key."),
      reason: approvalReasonSchema,
    }),
  ]),
  async function requestChangeApprovalAction({ reason, ...ask }, ctx) {
    // The reason serves both: the admins read it, and a colleague's cluster's owner is told it with the resize.
    const made = await requestChangeApproval(ctx, ask.kind === "resize" ? { ...ask, reason } : ask, reason);
    revalidatePath("/approvals");
    return made;
  },
  { throttle: "request-approval" },
);

const decision = z.enum(["approve", "deny"], "Approve or deny.");

/** An admin's decision, from the request's page (its id) or from a signed link in their email or webhook (its token). */
export const decideApprovalAction = userAction(
  z.union([
    z.object({ id: z.uuid("That request does not exist."), decision, note: approvalNoteSchema }),
    z.object({ token: z.string().min(10).max(600), note: approvalNoteSchema }),
  ]),
  async function decideApprovalAction(input, { user }): Promise<Decided> {
    let id: string;
    let chosen: "approve" | "deny";
    if ("token" in input) {
      const link = await checkApprovalLink(input.token, user);
      if (!link.ok) throw new ActionError(link.message, "forbidden");
      id = link.request.id;
      chosen = link.decision;
    } else {
      id = input.id;
      chosen = input.decision;
    }
    const decided = await decideApproval(user, id, chosen, input.note);
    revalidatePath("/approvals");
    return decided;
  },
);
