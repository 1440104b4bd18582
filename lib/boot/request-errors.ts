import "server-only";
import { errorSummary } from "@/lib/server/db/errors";
import type { Logger } from "pino";
import { log } from "@/lib/server/log";
import { REQUEST_ID_HEADER } from "@/lib/boot/requests";
import { routeLabel } from "@/lib/server/metrics/routes";
import { redact } from "@/lib/runcrate/server/redact";

/**
 * instrumentation.ts's onRequestError: an error Next caught while rendering a page or running a handler or action,
 * as one line with the request id (the error page's "reference") and Next's digest. The message goes through
 * errorSummary (a failed query's bound values never reach it) and the key redaction; no stack, no request data.
 */
export function logRequestError(
  err: unknown,
  request: { path: string; method: string; headers: Record<string, string | string[] | undefined> },
  context: { routePath?: string; routeType?: string },
  logger: Logger = log.child({ area: "http" }),
): void {
  const id = request.headers[REQUEST_ID_HEADER];
  const digest = typeof err === "object" && err !== null ? (err as { digest?: unknown }).digest : undefined;
  let pathname = "/";
  try {
    pathname = new URL(request.path, "http://x").pathname;
  } catch {
    // keep "/"
  }
  logger.error(
    {
      requestId: typeof id === "string" ? id : undefined,
      digest: typeof digest === "string" ? digest : undefined,
      method: request.method,
      route: context.routePath ?? routeLabel(pathname),
      routeType: context.routeType,
      error: redact(errorSummary(err), []).slice(0, 300),
    },
    "request failed with an error",
  );
}
