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
