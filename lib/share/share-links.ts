/**
 * Read-only share links: their lifetimes and the view of a cluster a teammate may see. No I/O; the
 * browser may bundle it.
 */
import type { Cluster, ClusterNode } from "@/lib/runcrate/schemas";

export const SHARE_DEFAULT_HOURS = 24;
export const SHARE_MAX_HOURS = 7 * 24;
export const SHARE_HOUR_CHOICES = [1, 24, 72, SHARE_MAX_HOURS] as const;

export const sharePath = (token: string) => `/shared/${token}`;

export function expiryLabel(hours: number): string {
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = hours / 24;
  return `${days} day${days === 1 ? "" : "s"}`;
}

export type SharedNode = Pick<ClusterNode, "rank" | "role" | "name" | "status" | "stage" | "gpus">;

/**
 * What a share link shows: status, phases, nodes, events, cost and test results — and nothing to connect with or
 * act on: no connection snippets, no addresses, no SSH commands, no instance ids, no volume. Built as an allow-list,
 * nested objects too, so a field the API adds later is not shared by accident. No free text Runcrate writes is shared
 * (event messages, the stack's and a failure's detail, a test's error and note): it can carry addresses and host
 * names in any form, and no pattern catches them all. An event says what happened by its kind and rank.
 */
export type SharedCluster = Pick<
  Cluster,
  | "id"
  | "name"
  | "status"
  | "stack"
  | "stack_status"
  | "stack_detail"
  | "node_count"
  | "gpu_type"
  | "gpus_per_node"
  | "deployment_type"
  | "host_tier"
  | "location"
  | "country_code"
  | "interconnect"
  | "hourly_rate_per_node"
  | "hourly_rate"
  | "created_at"
  | "up_at"
  | "ready_at"
  | "terminated_at"
  | "events"
  | "last_test"
  | "billing"
  | "failure_reason"
  | "failure_detail"
> & { nodes: SharedNode[] };

export function sharedClusterView(c: Cluster): SharedCluster {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    stack: c.stack,
    stack_status: c.stack_status,
    stack_detail: null,
    node_count: c.node_count,
    gpu_type: c.gpu_type,
    gpus_per_node: c.gpus_per_node,
    deployment_type: c.deployment_type,
    host_tier: c.host_tier,
    location: c.location,
    country_code: c.country_code,
    interconnect: c.interconnect
      ? {
          kind: c.interconnect.kind,
          label: c.interconnect.label,
          rate_gbps: c.interconnect.rate_gbps,
          note: c.interconnect.note,
        }
      : c.interconnect,
    hourly_rate_per_node: c.hourly_rate_per_node,
    hourly_rate: c.hourly_rate,
    created_at: c.created_at,
    up_at: c.up_at,
    ready_at: c.ready_at,
    terminated_at: c.terminated_at,
    nodes: (c.nodes ?? []).map((n) => ({
      rank: n.rank,
      role: n.role,
      name: n.name,
      status: n.status,
      stage: n.stage,
      gpus: n.gpus,
    })),
    events: (c.events ?? []).map((e) => ({
      id: e.id,
      at: e.at,
      kind: e.kind,
      rank: e.rank,
      message: "",
    })),
    last_test: c.last_test
      ? {
          id: c.last_test.id,
          kind: c.last_test.kind,
          status: c.last_test.status,
          started_at: c.last_test.started_at,
          finished_at: c.last_test.finished_at,
          result: c.last_test.result
            ? {
                sizes: c.last_test.result.sizes?.map((z) => ({
                  bytes: z.bytes,
                  algbw_gb_s: z.algbw_gb_s,
                  busbw_gb_s: z.busbw_gb_s,
                  time_us: z.time_us,
                })),
                peak_busbw_gb_s: c.last_test.result.peak_busbw_gb_s,
                nodes: c.last_test.result.nodes,
                gpus: c.last_test.result.gpus,
                error: null,
                note: null,
              }
            : c.last_test.result,
        }
      : c.last_test,
    billing: c.billing
      ? { billed_since: c.billing.billed_since, nodes_billed: c.billing.nodes_billed }
      : c.billing,
    failure_reason: c.failure_reason,
    failure_detail: null,
  };
}

/** A link as its owner sees it in the share dialog (never the token: only shown once, when created). */
export type ShareLinkView = {
  id: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Who opened it, the latest first (at most OPENERS_LISTED), with their first and latest open and how many. */
  opens: Array<{ email: string; firstAt: string; lastAt: string; count: number }>;
  /** How many people opened it in all. */
  openers: number;
};
