/**
 * The spend record behind GET /billing/transactions. The balance is charged continuously (engine.ts); the record
 * turns that into one `usage` debit per cluster per billing period. A period is one hour of billed time counted
 * from the cluster's `billed_since`; the last, partial period closes when billing stops (terminate, or credits
 * running out). Debits are posted in whole cents against the running total charged, so a finished cluster's debits
 * add up to what the balance was charged for it, to the cent. A workspace also records its starting `credit` and
 * any `adjustment` made through the control endpoint.
 */
import { randomUUID } from "node:crypto";
import type { TransactionType } from "../lib/runcrate/schemas";
import { iso } from "./clock";
import { cents, money } from "./errors";
import type { ClusterLedger, SimCluster, TransactionRecord, Workspace } from "./model";

export const BILLING_PERIOD_MS = 3_600_000;

let seq = 0;

export function newTransaction(
  type: TransactionType,
  amount: number,
  description: string,
  at: number,
): TransactionRecord {
  return { id: randomUUID(), type, amount: cents(amount), description, createdAt: at, seq: seq++ };
}

export const newLedger = (): ClusterLedger => ({ charged: 0, posted: 0, periodStart: null, debits: [] });

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes === 0) return `${Math.max(1, Math.round(ms / 1000))} s`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** e.g. "Cluster train-a · 4 × 8× H100 SXM · 1 h". */
export function usageDescription(c: SimCluster, ms: number): string {
  return `Cluster ${c.name} · ${c.nodeCount} × ${c.offer.gpus_per_node}× ${c.offer.gpu_type} · ${duration(ms)}`;
}

/** Billing started (up_at): the first period opens. */
export function openLedger(c: SimCluster, at: number): void {
  c.ledger.periodStart = at;
}

/** Posts the debit of the open period, ending at `at`; a period that cost nothing in whole cents posts nothing. */
export function closePeriod(c: SimCluster, at: number): void {
  const l = c.ledger;
  if (l.periodStart === null || at <= l.periodStart) return;
  const total = cents(l.charged);
  const amount = cents(total - l.posted);
  const from = l.periodStart;
  l.periodStart = at;
  if (amount <= 0) return;
  l.posted = total;
  l.debits.push(newTransaction("usage", -amount, usageDescription(c, at - from), at));
}

/** Billing stopped: the partial period closes and no other opens. */
export function closeLedger(c: SimCluster, at: number): void {
  closePeriod(c, at);
  c.ledger.periodStart = null;
}

export function startingCredit(credits: number, at: number): TransactionRecord[] {
  return credits > 0 ? [newTransaction("credit", credits, "Starting credit (simulator)", at)] : [];
}

/** POST /__sim/workspaces/balance: the difference is recorded, so the record still explains the balance. */
export function recordAdjustment(ws: Workspace, from: number, to: number, at: number): void {
  const amount = cents(to - from);
  if (amount === 0) return;
  ws.transactions.push(
    newTransaction("adjustment", amount, `Balance set to ${money(to)} (simulator control)`, at),
  );
}

/** Every transaction of the workspace (all environments), newest first. */
export function allTransactions(ws: Workspace): TransactionRecord[] {
  return [...ws.transactions, ...ws.clusters.flatMap((c) => c.ledger.debits)].sort(
    (a, b) => b.createdAt - a.createdAt || b.seq - a.seq,
  );
}

export function transactionOut(t: TransactionRecord, ws: Workspace) {
  return {
    id: t.id,
    type: t.type,
    amount: t.amount,
    description: t.description,
    createdAt: iso(t.createdAt),
    projectId: ws.projectId,
  };
}
