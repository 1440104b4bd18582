import "server-only";
import { headers } from "next/headers";
import type { Logger } from "pino";
import { log } from "@/lib/server/log";
import { REQUEST_ID_HEADER } from "@/lib/server/node-server.mjs";

/**
 * The logger for code that serves a request: every line carries the request's id (the `X-Request-Id` the server
 * entry gave it, which error pages show as their reference), so an operator finds every line of one failing request.
 * `req`: a route handler's request; without it the id is read from the request being served (a page, a server
 * action). Outside a request (startup, the guardian's jobs) lines carry the area alone.
 */
export async function requestLog(area: string, req?: Request): Promise<Logger> {
  let id: string | null = null;
  if (req) id = req.headers.get(REQUEST_ID_HEADER);
  else {
    try {
      id = (await headers()).get(REQUEST_ID_HEADER);
    } catch {
      // not inside a request
    }
  }
  return log.child(id ? { area, requestId: id } : { area });
}
