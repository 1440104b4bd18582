import "server-only";
import type { Logger } from "pino";
import { log } from "@/lib/server/log";
import { redact } from "@/lib/runcrate/server/redact";

/**
 * The operator's record of upstream surprises: one structured line per Runcrate call that failed or did
 * not match the schema, and one per list item or paging answer the client had to work around. The fields are fixed
 * below — method, path template, status, duration, zod issue paths, request id, a short reason — so a key, a session
 * or a response body can never reach the log through them; every string is redacted once more besides.
 */
export type UpstreamLogEntry = {
  /** e.g. `GET` */
  method: string;
  /** Route template, e.g. `/clusters/{id}` — never the concrete path. */
  path: string;
  status: number | null;
  durationMs?: number;
  /** RuncrateError kind, or the workaround (`item_dropped`, `paging_ignored`, …). */
  kind: string;
  /** zod issue paths, e.g. `data.3.hourly_rate_per_node` (at most 10). */
  issues?: string[];
  requestId?: string | null;
  attempts?: number;
  /** One short sentence of our own, never upstream text. */
  reason?: string;
};

export const upstreamLog: Logger = log.child({ area: "runcrate" });

/** Splits `GET /clusters/{id}` into method and path template. */
export function splitEndpoint(endpoint: string): { method: string; path: string } {
  const i = endpoint.indexOf(" ");
  return i < 0
    ? { method: "", path: endpoint }
    : { method: endpoint.slice(0, i), path: endpoint.slice(i + 1) };
}

export function logUpstream(
  logger: Logger,
  level: "warn" | "error",
  entry: UpstreamLogEntry,
  secrets: readonly string[] = [],
): void {
  const clean = (s: string) => redact(s, secrets).slice(0, 200);
  const line: Record<string, unknown> = {
    method: entry.method,
    path: clean(entry.path),
    status: entry.status,
    kind: entry.kind,
  };
  if (entry.durationMs !== undefined) line.durationMs = Math.round(entry.durationMs);
  if (entry.issues?.length) line.issues = entry.issues.slice(0, 10).map(clean);
  if (entry.requestId) line.requestId = clean(entry.requestId).slice(0, 100);
  if (entry.attempts !== undefined) line.attempts = entry.attempts;
  const msg = `runcrate ${entry.method} ${line.path as string} ${entry.reason ? clean(entry.reason) : entry.kind}`;
  logger[level](line, msg);
}
