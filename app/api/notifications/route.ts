import { jsonError, unauthenticated } from "@/lib/handlers/route-handler";
import { getSessionUser } from "@/lib/accounts/server/session";
import { getDb } from "@/lib/server/db/client";
import { errorSummary } from "@/lib/server/db/errors";
import { requestLog } from "@/lib/server/request-log";
import { inboxView } from "@/lib/notifications/server/store";

// GET /api/notifications → the signed-in user's unread count and newest inbox entries (the header's bell).
export async function GET(): Promise<Response> {
  try {
    const user = await getSessionUser();
    if (!user) return unauthenticated();
    const data = await inboxView(await getDb(), user.id);
    return Response.json({ data }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    (await requestLog("route")).error(
      { route: "/api/notifications", err: errorSummary(err) },
      "route handler failed",
    );
    return jsonError(500, "internal", "Clusterdeck couldn't read your notifications. Try again.");
  }
}
