import "server-only";
/** Postgres unique_violation, as raised by both postgres-js and PGlite (possibly wrapped by drizzle as `cause`). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && "code" in e && e.code === "23505") {
      if (!constraint) return true;
      const c =
        (e as { constraint_name?: unknown; constraint?: unknown }).constraint_name ??
        (e as { constraint?: unknown }).constraint;
      return c === undefined || c === constraint;
    }
    e = typeof e === "object" && "cause" in e ? e.cause : undefined;
  }
  return false;
}

/**
 * An error as one log-safe line: name and message, with anything a failed database query carries removed. Drizzle's
 * "Failed query: <sql> params: <values>" message holds the bound values — a sealed key, a password hash, an email —
 * so for such an error only the Postgres error code and constraint are kept. Every server log line about an
 * unexpected error goes through this.
 */
export function errorSummary(err: unknown): string {
  if (!(err instanceof Error)) return "non-Error thrown";
  if (isQueryError(err)) {
    const pg = postgresDetails(err);
    return `DatabaseError: a query failed${pg ? ` (${pg})` : ""}`;
  }
  return `${err.name}: ${err.message}`;
}

function isQueryError(err: Error): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (e instanceof Error && (/^Failed query:/.test(e.message) || /\bparams:/.test(e.message))) return true;
    if (
      typeof e === "object" &&
      e !== null &&
      "code" in e &&
      typeof e.code === "string" &&
      /^[0-9A-Z]{5}$/.test(e.code)
    )
      return true;
    e = typeof e === "object" && e !== null && "cause" in e ? e.cause : undefined;
  }
  return false;
}

function postgresDetails(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (
      typeof e === "object" &&
      e !== null &&
      "code" in e &&
      typeof e.code === "string" &&
      /^[0-9A-Z]{5}$/.test(e.code)
    ) {
      const o = e as { code: string; constraint_name?: unknown; constraint?: unknown };
      const constraint = o.constraint_name ?? o.constraint;
      return `code ${o.code}${typeof constraint === "string" ? `, constraint ${constraint}` : ""}`;
    }
    e = typeof e === "object" && e !== null && "cause" in e ? e.cause : undefined;
  }
  return null;
}
