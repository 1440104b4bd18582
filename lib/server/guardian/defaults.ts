import "server-only";
import { limitsToText, type LimitText } from "@/lib/limits/input";
import { getDb } from "@/lib/server/db/client";
import { getLimitDefaults } from "@/lib/server/db/limits-ledger";
import { maxTimeLimitMinutes } from "./worker";

/**
 * What the create form starts with: the user's default limits (Settings), and the operator's ceiling — which also
 * pre-fills the time limit when the user has no default, since a launch then needs one.
 */
export async function launchLimitDefaults(
  userId: string,
): Promise<{ limitDefaults: LimitText; ceilingMinutes: number | null }> {
  const ceilingMinutes = maxTimeLimitMinutes();
  const d = await getLimitDefaults(await getDb(), userId);
  const timeLimitMinutes =
    ceilingMinutes === null
      ? d.timeLimitMinutes
      : Math.min(d.timeLimitMinutes ?? ceilingMinutes, ceilingMinutes);
  return { limitDefaults: limitsToText({ ...d, timeLimitMinutes }), ceilingMinutes };
}
