import { jsonError, unauthenticated } from "@/lib/handlers/route-handler";
import { getSessionUser } from "@/lib/accounts/server/session";
import { getDb } from "@/lib/server/db/client";
import { errorSummary } from "@/lib/server/db/errors";
import { requestLog } from "@/lib/server/request-log";
import { webhooksWithLog } from "@/lib/notifications/server/webhooks-store";

// GET /api/webhooks → the signed-in user's webhooks, each with its latest deliveries and their attempts.
export async function GET(): Promise<Response> {
  try {
    const user = await getSessionUser();
    if (!user) return unauthenticated();
    const data = await webhooksWithLog(await getDb(), user.id);
    return Response.json({ data }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    (await requestLog("route")).error(
      { route: "/api/webhooks", err: errorSummary(err) },
      "route handler failed",
    );
    return jsonError(500, "internal", "Clusterdeck couldn't read your webhooks. Try again.");
  }
}
