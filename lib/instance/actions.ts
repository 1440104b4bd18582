"use server";

import { revalidatePath } from "next/cache";
import { signUpModeInForce, storeSignUpMode } from "@/lib/accounts/server/sign-up-mode";
import { recordAudit } from "@/lib/audit/server/audit";
import { ActionError } from "@/lib/server/action-error";
import { userAction } from "@/lib/accounts/server/user-action";
import { getDb } from "@/lib/server/db/client";
import { mailOriginSchema, signUpModeSchema } from "@/lib/instance/sign-up-choices";
import { configuredOrigin, storedOrigin, storeOrigin } from "@/lib/server/mail-origin";
import { isInstanceAdmin } from "@/lib/accounts/server/instance-admin";

/**
 * Settings → Instance: the administrator (the first account) chooses who may sign up. SIGN_UP, when the operator set
 * it, is not overridden from a page: the change is refused and the page says where it is set. Audited in the
 * administrator's own log.
 */
export const setSignUpModeAction = userAction(
  signUpModeSchema,
  async function setSignUpModeAction({ mode }, { user }) {
    const db = await getDb();
    if (!(await isInstanceAdmin(db, user.id)))
      throw new ActionError(
        "Only the instance's administrator (its first account) chooses who may sign up.",
        "forbidden",
      );
    const before = await signUpModeInForce(db);
    if (before.source === "environment")
      throw new ActionError(
        `This instance's configuration sets SIGN_UP=${before.mode}; change it there.`,
        "conflict",
      );
    await storeSignUpMode(db, mode === "default" ? null : mode, user.id);
    const after = await signUpModeInForce(db);
    await recordAudit({
      userId: user.id,
      teamId: null,
      action: "sign-up-mode-changed",
      clusterId: null,
      clusterName: null,
      keyLabel: "",
      detail: `${before.mode} → ${after.mode}${after.source === "default" ? " (the default)" : ""}`,
    });
    revalidatePath("/settings/instance");
    return after;
  },
);

/**
 * Settings → Instance: the address links in email and webhooks point to when AUTH_URL is unset. Only the
 * administrator sets it (lib/server/mail-origin.ts says why nobody else's request may). Audited like sign-up.
 */
export const setMailOriginAction = userAction(
  mailOriginSchema,
  async function setMailOriginAction({ origin }, { user }) {
    const db = await getDb();
    if (!(await isInstanceAdmin(db, user.id)))
      throw new ActionError(
        "Only the instance's administrator (its first account) sets the address in mail links.",
        "forbidden",
      );
    const configured = configuredOrigin();
    if (configured)
      throw new ActionError(
        `This instance's configuration sets AUTH_URL=${configured}; change it there.`,
        "conflict",
      );
    const before = await storedOrigin(db);
    await storeOrigin(db, origin, user.id);
    await recordAudit({
      userId: user.id,
      teamId: null,
      action: "mail-origin-changed",
      clusterId: null,
      clusterName: null,
      keyLabel: "",
      detail: `${before ?? "none"} → ${origin}`,
    });
    revalidatePath("/settings/instance");
    return { origin };
  },
);
