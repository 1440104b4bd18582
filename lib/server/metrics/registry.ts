import "server-only";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { processSingleton } from "@/lib/process-singleton.mjs";

/**
 * The server's Prometheus metrics (prom-client), one registry per process, served by GET /api/metrics
 * (lib/server/metrics/endpoint.ts). Labels are bounded sets only — endpoint templates, statuses, route templates,
 * outcomes — never a user id, key, email or cluster name: those would be unbounded series and would leak.
 */

export type Metrics = ReturnType<typeof createMetrics>;

/** Request latencies from 5 ms to 30 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    upstreamRequests: new Counter({
      name: "clusterdeck_upstream_requests_total",
      help: "HTTP attempts to the Runcrate API, by endpoint template and status (network, timeout when none).",
      labelNames: ["method", "endpoint", "status"] as const,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "clusterdeck_upstream_request_duration_seconds",
      help: "Duration of one HTTP attempt to the Runcrate API, body included.",
      labelNames: ["method", "endpoint", "status"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    upstreamRetries: new Counter({
      name: "clusterdeck_upstream_retries_total",
      help: "Retries of Runcrate calls, by endpoint template and the failure that caused them.",
      labelNames: ["method", "endpoint", "reason"] as const,
      registers,
    }),
    schemaMismatches: new Counter({
      name: "clusterdeck_upstream_schema_mismatches_total",
      help: "Runcrate answers (or list items) that did not match the expected schema.",
      labelNames: ["method", "endpoint"] as const,
      registers,
    }),
    reads: new Counter({
      name: "clusterdeck_reads_total",
      help: "Coalescible reads: answered by an identical read in flight or just settled (coalesced), or upstream.",
      labelNames: ["source"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "clusterdeck_http_request_duration_seconds",
      help: "Requests served, by kind (page, api, action, asset), route template and status class.",
      labelNames: ["kind", "route", "method", "status"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    activeSessions: new Gauge({
      name: "clusterdeck_active_sessions",
      help: "Distinct users with a valid session seen by this instance in the last 15 minutes.",
      registers,
    }),
    signInFailures: new Counter({
      name: "clusterdeck_sign_in_failures_total",
      help: "Password sign-ins refused: wrong email or password (invalid), or refused by the limits (locked).",
      labelNames: ["reason"] as const,
      registers,
    }),
    signInLockouts: new Counter({
      name: "clusterdeck_sign_in_lockouts_total",
      help: "Sign-in failures that used up an allowance and locked an (account, address) or address out.",
      registers,
    }),
    jobQueueDepth: new Gauge({
      name: "clusterdeck_job_queue_depth",
      help: "Jobs in the pg-boss queues, by queue and state (queued includes deferred; active is running).",
      labelNames: ["queue", "state"] as const,
      registers,
    }),
    jobOutcomes: new Counter({
      name: "clusterdeck_jobs_total",
      help: "Jobs this instance ran, by queue and outcome (completed, failed).",
      labelNames: ["queue", "outcome"] as const,
      registers,
    }),
  };
}

// One set per process, shared by every bundle Next makes of this module (prom-client refuses a name registered twice
// in one registry, and separate copies would each count a part).
export function metrics(): Metrics {
  return processSingleton("metrics", createMetrics);
}
