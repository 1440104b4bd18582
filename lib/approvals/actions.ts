"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ActionError, runcrateAction, userAction } from "@/lib/handlers/safe-action";
import { launchInputSchema } from "@/lib/launch/launch-input";
import { approvalNoteSchema, approvalReasonSchema } from "@/lib/approvals/approval";
import {
  checkApprovalLink,
  decideApproval,
  requestLaunchApproval,
  type Decided,
} from "@/lib/approvals/server/approvals";

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
