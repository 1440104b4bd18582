import "server-only";
import { limitsToText, type LimitText } from "@/lib/limits/input";
import { getDb } from "@/lib/server/db/client";
import { getLimitDefaults, limitsOfCluster } from "@/lib/limits/server/cluster-limits";
import type { GuardRef } from "@/lib/spend/server/tracked-clusters";
import { maxTimeLimitMinutes } from "./worker";

/**
 * What the create form starts with: the user's default limits (Settings), and the operator's ceiling — which also
 * pre-fills the time limit when the user has no default, since a launch then needs one. "Launch again" passes the
 * earlier cluster: its own limits, when it had any, come first.
 */
export async function launchLimitDefaults(
  userId: string,
  from?: GuardRef,
): Promise<{ limitDefaults: LimitText; ceilingMinutes: number | null }> {
  const ceilingMinutes = maxTimeLimitMinutes();
  const db = await getDb();
  const earlier = from ? await limitsOfCluster(db, from, userId) : null;
  const d =
    earlier && (earlier.timeLimitMinutes !== null || earlier.budgetLimit !== null)
      ? { timeLimitMinutes: earlier.timeLimitMinutes, budgetLimit: earlier.budgetLimit }
      : await getLimitDefaults(db, userId);
  const timeLimitMinutes =
    ceilingMinutes === null
      ? d.timeLimitMinutes
      : Math.min(d.timeLimitMinutes ?? ceilingMinutes, ceilingMinutes);
  return { limitDefaults: limitsToText({ ...d, timeLimitMinutes }), ceilingMinutes };
}
