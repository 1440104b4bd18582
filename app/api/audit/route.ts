import { getSessionUser } from "@/lib/accounts/server/session";
import { auditCsvFile } from "@/lib/audit/server/audit-export";
import { jsonError, unauthenticated } from "@/lib/handlers/route-handler";
import { errorSummary } from "@/lib/server/db/errors";
import { getDb } from "@/lib/server/db/client";
import { requestLog } from "@/lib/server/request-log";
import { teamLogOf } from "@/lib/teams/server/authorize";

// GET /api/audit?person=…&action=… → the audit log the signed-in person reads (their team's, filtered), as CSV.
export async function GET(req: Request): Promise<Response> {
  try {
    const user = await getSessionUser();
    if (!user) return unauthenticated();
    const team = await teamLogOf(await getDb(), user.id);
    const { fileName, csv } = await auditCsvFile(user.id, team, new URL(req.url).searchParams);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (err) {
    (await requestLog("route", req)).error(
      { route: "/api/audit", err: errorSummary(err) },
      "route handler failed",
    );
    return jsonError(500, "internal", "Clusterdeck couldn't read the audit log. Try again.");
  }
}
