import "server-only";
import { getRuncrateContext, type ActiveKey } from "@/lib/keys/server/runcrate-context";
import { sessionUserId, type SessionUser } from "@/lib/accounts/server/session";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError, type RuncrateError, type RuncrateErrorKind } from "@/lib/runcrate/server/errors";
import { errorSummary } from "@/lib/server/db/errors";
import { requestLog } from "@/lib/server/request-log";
import type { TeamMembership } from "@/lib/teams/roles";
import { NO_KEY_MESSAGE, TEAM_NO_KEY_MESSAGE } from "@/lib/keys/server/runcrate-action";

const NO_STORE = { "Cache-Control": "no-store" } as const;
const JSON_NO_STORE = { ...NO_STORE, "Content-Type": "application/json" } as const;

/**
 * JSON text of a read's result, made once per object: the coalescer hands every poller of a cluster the same
 * object for a second (lib/runcrate/server/coalesce.ts), and results are never changed after they are read.
 */
const jsonTexts = new WeakMap<object, string>();
function jsonText(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  let text = jsonTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonTexts.set(value, text);
  }
  return text;
}

export function jsonError(
  status: number,
  code: string,
  message: string,
  extra?: { fieldErrors?: Record<string, string>; headers?: Record<string, string> },
): Response {
  const body = {
    error: {
      code,
      message,
      ...(extra?.fieldErrors && Object.keys(extra.fieldErrors).length
        ? { fieldErrors: extra.fieldErrors }
        : {}),
    },
  };
  return Response.json(body, { status, headers: { ...NO_STORE, ...extra?.headers } });
}

export function unauthenticated(): Response {
  return jsonError(401, "unauthenticated", "Sign in to continue.");
}

/** An /api/ path with no handler: 401 without a session (as every API route), 404 with one. */
export async function unknownApiPath(): Promise<Response> {
  if (!(await sessionUserId())) return unauthenticated();
  return jsonError(404, "not_found", "There is no such API endpoint.");
}

const STATUS_BY_KIND: Partial<Record<RuncrateErrorKind, number>> = {
  bad_request: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  rate_limited: 429,
  server: 502,
  bad_response: 502,
  timeout: 504,
  unreachable: 503,
};

/** The HTTP status a Runcrate failure is answered with: 4xx as received, upstream trouble as 502/503/504. */
export function statusForRuncrateError(err: RuncrateError): number {
  if (err.kind === "server" || err.kind === "bad_response") return 502;
  if (err.kind === "timeout") return 504;
  if (err.kind === "unreachable") return 503;
  if (err.status !== null && err.status >= 400 && err.status < 500) return err.status;
  return STATUS_BY_KIND[err.kind] ?? 502;
}

export function runcrateErrorResponse(err: RuncrateError): Response {
  const status = statusForRuncrateError(err);
  const headers: Record<string, string> = {};
  if (status === 429 && err.retryAfterSeconds !== null)
    headers["Retry-After"] = String(Math.ceil(err.retryAfterSeconds));
  return jsonError(status, err.kind, err.userMessage, { fieldErrors: err.fieldErrors, headers });
}

/** A GET route handler that reads Runcrate with the signed-in user's active key, for React Query. */
export function runcrateRoute<P extends Record<string, string> = Record<string, never>>(
  fn: (ctx: {
    req: Request;
    params: P;
    user: SessionUser;
    team: TeamMembership;
    key: ActiveKey;
    client: RuncrateClient;
  }) => Promise<unknown>,
): (req: Request, ctx: { params: Promise<P> }) => Promise<Response> {
  return async (req, routeCtx) => {
    try {
      // Reads only: the memoised context (a few seconds, dropped by key changes in this process) is enough here.
      const ctx = await getRuncrateContext(req);
      if (ctx.state === "signed-out") return unauthenticated();
      if (ctx.state !== "ready")
        return jsonError(409, "no_key", ctx.team.personal ? NO_KEY_MESSAGE : TEAM_NO_KEY_MESSAGE);
      const params = await routeCtx.params;
      const data = await fn({
        req,
        params,
        user: ctx.user,
        team: ctx.team,
        key: ctx.key,
        client: ctx.client,
      });
      return new Response(`{"data":${jsonText(data)}}`, { status: 200, headers: JSON_NO_STORE });
    } catch (err) {
      if (isRuncrateError(err)) return runcrateErrorResponse(err);
      // Our own failure, not Runcrate's: 500 (502 is for upstream failures, above), logged under the request's id.
      (await requestLog("route", req)).error(
        { route: new URL(req.url).pathname, err: errorSummary(err) },
        "route handler failed",
      );
      return jsonError(
        500,
        "internal",
        "Clusterdeck couldn't complete this request. Try again; if it keeps happening, check the server logs.",
      );
    }
  };
}
