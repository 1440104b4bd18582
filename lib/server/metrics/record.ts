import "server-only";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { LRUCache } from "lru-cache";
import { metrics } from "./registry";
import { OTHER_ROUTE } from "./routes";

/**
 * What the rest of the server calls to count things. Each function takes only bounded values (templates, kinds,
 * statuses); a session is counted by user id in memory, and only the number of them is exported.
 */

const SESSION_WINDOW_MS = 15 * 60_000;
function seen(): LRUCache<string, true> {
  return processSingleton(
    "seen-sessions",
    () => new LRUCache<string, true>({ max: 100_000, ttl: SESSION_WINDOW_MS, ttlAutopurge: false }),
  );
}

/** A request carried a valid, current session of this user. */
export function sessionSeen(userId: string): void {
  seen().set(userId, true);
}

/** The user's sessions were revoked (sign-out): not active any more on this instance. */
export function sessionEnded(userId: string): void {
  seen().delete(userId);
}

export function activeSessionCount(): number {
  const s = seen();
  s.purgeStale();
  return s.size;
}

/** `GET /clusters/{id}` → method and template; anything without a method is filed under its template. */
function endpointLabels(endpoint: string): { method: string; endpoint: string } {
  const i = endpoint.indexOf(" ");
  return i < 0 ? { method: "", endpoint } : { method: endpoint.slice(0, i), endpoint: endpoint.slice(i + 1) };
}

/** One HTTP attempt to Runcrate: `status` is the HTTP status, or `network` / `timeout` when there was none. */
export function upstreamAttempt(
  endpoint: string,
  status: number | "network" | "timeout",
  seconds: number,
): void {
  const labels = { ...endpointLabels(endpoint), status: String(status) };
  const m = metrics();
  m.upstreamRequests.inc(labels);
  m.upstreamDuration.observe(labels, seconds);
}

export function upstreamRetry(endpoint: string, reason: string): void {
  metrics().upstreamRetries.inc({ ...endpointLabels(endpoint), reason });
}

export function schemaMismatch(endpoint: string): void {
  metrics().schemaMismatches.inc(endpointLabels(endpoint));
}

export function coalescibleRead(source: "coalesced" | "upstream"): void {
  metrics().reads.inc({ source });
}

/**
 * The most label sets the request histogram keeps: its labels are bounded already (the app's routes, standard
 * methods, kinds, status classes); this is the backstop should one of them ever not be. Past it, a new set is filed
 * under the route "(other)".
 */
export const MAX_REQUEST_SERIES = 1_000;

function requestSeries(): Set<string> {
  return processSingleton("request-series", () => new Set<string>());
}

export function requestServed(
  labels: { kind: string; route: string; method: string; status: number },
  seconds: number,
): void {
  const out = {
    kind: labels.kind,
    route: labels.route,
    method: labels.method,
    status: `${Math.floor(labels.status / 100)}xx`,
  };
  const series = requestSeries();
  const id = `${out.kind} ${out.route} ${out.method} ${out.status}`;
  if (!series.has(id)) {
    if (series.size >= MAX_REQUEST_SERIES) out.route = OTHER_ROUTE;
    else series.add(id);
  }
  metrics().httpDuration.observe(out, seconds);
}

export function signInRefused(reason: "invalid" | "locked"): void {
  metrics().signInFailures.inc({ reason });
}

export function signInLockedOut(): void {
  metrics().signInLockouts.inc();
}

export function jobOutcome(queue: string, outcome: "completed" | "failed", count = 1): void {
  metrics().jobOutcomes.inc({ queue, outcome }, count);
}

/** A job queue's depth as its engine reports it. */
export type QueueDepth = { name: string; queuedCount: number; activeCount: number };
type QueueDepthSource = () => Promise<QueueDepth[]>;
const queueSources = () => processSingleton("metrics-queue-sources", () => new Set<QueueDepthSource>());

/**
 * Queue depths are read at scrape time from whoever runs queues in this process: a job engine hands its reader here
 * when it starts and takes it back when it stops (the jobs call metrics, never the other way). Returns the take-back.
 */
export function readQueueDepthsFrom(source: QueueDepthSource): () => void {
  queueSources().add(source);
  return () => queueSources().delete(source);
}

/** Sets the queue-depth gauge from every source; one that fails is left out of this scrape. */
export async function refreshQueueDepths(onError: (err: unknown) => void): Promise<void> {
  const m = metrics();
  for (const source of queueSources()) {
    try {
      for (const q of await source()) {
        m.jobQueueDepth.set({ queue: q.name, state: "queued" }, q.queuedCount);
        m.jobQueueDepth.set({ queue: q.name, state: "active" }, q.activeCount);
      }
    } catch (err) {
      onError(err);
    }
  }
}
