/**
 * The simulator's in-memory state. Times are milliseconds on the simulator clock; serialization into the API's
 * snake_case objects lives in serialize.ts.
 */
import type { Stack, TransactionType } from "../lib/runcrate/schemas";
import type { SimOffer } from "./catalogue";

export type ClusterStatus = "provisioning" | "ready" | "resizing" | "terminating" | "terminated" | "failed";
export type StackStatus = "pending" | "installing" | "ready" | "failed";
export type NodeStatus = "pending" | "provisioning" | "running" | "terminated" | "failed";
export type NodeStage = "queued" | "booting" | "networking" | "shared" | "stack" | "ready";

export interface SimNode {
  rank: number;
  instanceId: string;
  status: NodeStatus;
  stage: NodeStage;
  /** Planned at create; shown once the node reaches `networking`. */
  overlay: string;
  ip: string;
  sshPort: number;
  hasAddress: boolean;
  billed: boolean;
}

export interface SimEvent {
  id: number;
  at: number;
  kind: string;
  rank: number | null;
  message: string;
}

export interface SimTest {
  id: string;
  kind: "nccl_all_reduce";
  /** `queued` only with the `test-queued` variant. */
  status: "queued" | "running" | "passed" | "failed";
  /** Null while queued. */
  startedAt: number | null;
  finishedAt: number | null;
  result: TestResult | null;
}

export interface TestResult {
  sizes: Array<{ bytes: number; algbw_gb_s: number; busbw_gb_s: number; time_us: number }>;
  peak_busbw_gb_s: number;
  nodes: number;
  gpus: number;
  error: string | null;
  note: string;
}

/** Something that happens to a cluster at a given time; run by engine.ts in time order. */
export interface Scheduled {
  at: number;
  seq: number;
  run: (at: number) => void;
}

export interface SimCluster {
  id: string;
  name: string;
  environment: string;
  offer: SimOffer;
  stack: Stack;
  status: ClusterStatus;
  stackStatus: StackStatus;
  stackDetail: string;
  nodeCount: number;
  /** Rank of the head: 0, or 1 with the `rank-origin-1` variant (the seed's example names a machine `train-1`). */
  rankOrigin: number;
  nodes: SimNode[];
  events: SimEvent[];
  nextEventId: number;
  createdAt: number;
  upAt: number | null;
  readyAt: number | null;
  terminatedAt: number | null;
  billedSince: number | null;
  storage: { id: string; name: string } | null;
  sshKeyIds: string[];
  lastTest: SimTest | null;
  failureReason: string | null;
  failureDetail: string | null;
  /** Private /24 of the overlay network, e.g. "10.42.17". */
  subnet: string;
  queue: Scheduled[];
  /** What billing has charged for this cluster, and its usage debits (GET /billing/transactions). */
  ledger: ClusterLedger;
}

export interface SshKeyRecord {
  id: string;
  name: string;
  publicKey: string;
  fingerprint: string;
  type: string;
  createdAt: number;
  lastUsed: number | null;
}

export interface StorageRecord {
  id: string;
  name: string;
  sizeGb: number;
  status: string;
  region: string;
  providerType: string;
  environment: string;
  createdAt: number;
}

export interface EnvironmentRecord {
  id: string;
  name: string;
  isDefault: boolean;
  createdAt: number;
}

export interface Workspace {
  key: string;
  projectId: string;
  balance: number;
  /** Billing has been applied up to this instant. */
  settledAt: number;
  environments: EnvironmentRecord[];
  sshKeys: SshKeyRecord[];
  storage: StorageRecord[];
  clusters: SimCluster[];
  /** `${environment}\n${Idempotency-Key}` → cluster id. */
  idempotency: Map<string, string>;
  /** Counts clusters created, for overlay subnets that do not collide within a workspace. */
  clusterSeq: number;
  /** Credits and adjustments; each cluster's usage debits live in its own ledger. */
  transactions: TransactionRecord[];
}

/** One entry of GET /billing/transactions (sim/ledger.ts posts them). */
export interface TransactionRecord {
  id: string;
  type: TransactionType;
  /** Credits; negative for a debit. */
  amount: number;
  description: string;
  createdAt: number;
  /** Orders records with the same createdAt (newest first = highest seq first). */
  seq: number;
}

export interface ClusterLedger {
  /** Exactly what accrual has deducted from the balance for this cluster. */
  charged: number;
  /** Sum of the debits posted so far (whole cents). */
  posted: number;
  /** Start of the open billing period; null before billing starts and once it has stopped. */
  periodStart: number | null;
  debits: TransactionRecord[];
}
