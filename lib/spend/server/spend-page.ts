import "server-only";
import {
  dailySpend,
  burnRate,
  segmentsFor,
  spendRows,
  type DaySpend,
  type SpendRow,
} from "@/lib/spend/spend-rows";
import { balanceRunway } from "@/lib/spend/estimate";
import { transactionsResponseSchema, type Transaction } from "@/lib/runcrate/schemas";
import { getDb } from "@/lib/server/db/client";
import { segmentsThroughKey } from "@/lib/spend/server/tracked-clusters";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { createHttp } from "@/lib/runcrate/server/http";
import { readClusters } from "@/lib/runcrate/server/reads";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import type { Cluster } from "@/lib/runcrate/schemas";

/**
 * The Spend page's data: for each of the user's keys, the balance and the clusters (coalesced reads, as the pages
 * do), the spend record's rate segments, and the API's own record (GET /billing/transactions, limit/offset paging).
 * Each key is decrypted for its own calls only. One key failing shows its reason; the others still show.
 */

export const TRANSACTIONS_PAGE = 25;

/** One of the person's keys as the page reads it (keysToRead, lib/keys/server/key-views.ts): opened for its reads. */
export type SpendKey = {
  id: string;
  label: string;
  last4: string;
  environment: string | null;
  isActive: boolean;
  /** The key's secret, or null when it was deleted; throws when it can't be decrypted. */
  open: () => Promise<string | null>;
};

export type KeySpend = {
  id: string;
  label: string;
  last4: string;
  environment: string | null;
  isActive: boolean;
  error: string | null;
  balance: number | null;
  burn: number;
  runwayHours: number | null;
  rows: SpendRow[];
  daily: DaySpend[];
  /** The console's estimate of the last 30 days. */
  estimate30: number;
  transactions: Transaction[];
  transactionsTotal: number | null;
  transactionsError: string | null;
  /** Sum of the usage debits among the transactions shown (the first page). */
  apiShownUsage: number | null;
};

async function listTransactions(apiKey: string, environment: string | null, offset: number) {
  const http = createHttp({ apiKey, environment });
  const res = await http.request({
    method: "GET",
    path: "/billing/transactions",
    endpoint: "GET /billing/transactions",
    query: { limit: String(TRANSACTIONS_PAGE), offset: String(offset) },
    schema: transactionsResponseSchema,
    retry: "safe",
  });
  return { items: res.body?.data ?? [], total: res.body?.meta?.total ?? null };
}

const why = (e: unknown) => (isRuncrateError(e) ? e.userMessage : "Clusterdeck couldn't read this.");

export async function loadSpend(
  keys: readonly SpendKey[],
  txOffset = 0,
  now = Date.now(),
): Promise<KeySpend[]> {
  const db = await getDb();
  return Promise.all(
    keys.map(async (k): Promise<KeySpend> => {
      const base = {
        id: k.id,
        label: k.label,
        last4: k.last4,
        environment: k.environment,
        isActive: k.isActive,
      };
      const empty: KeySpend = {
        ...base,
        error: null,
        balance: null,
        burn: 0,
        runwayHours: null,
        rows: [],
        daily: dailySpend([], now),
        estimate30: 0,
        transactions: [],
        transactionsTotal: null,
        transactionsError: null,
        apiShownUsage: null,
      };
      let apiKey: string | null;
      try {
        apiKey = await k.open();
      } catch {
        return { ...empty, error: "This key can't be decrypted; re-enter it in Settings." };
      }
      if (apiKey === null) return { ...empty, error: "This key was deleted." };
      const client = createRuncrateClient({ apiKey, environment: k.environment });
      const scope = { key: { id: k.id, environment: k.environment }, client };
      const [balance, clusters, tx] = await Promise.allSettled([
        client.getBalance(),
        readClusters(scope),
        listTransactions(apiKey, k.environment, txOffset),
      ]);
      if (clusters.status === "rejected") return { ...empty, error: why(clusters.reason) };
      const list: Cluster[] = clusters.value.items;
      const ledger = await segmentsThroughKey(
        db,
        k.id,
        list.map((c) => c.id),
      );
      const rows = spendRows(list, ledger, now);
      const daily = dailySpend(
        list.map((c) => segmentsFor(c, ledger.get(c.id)).segments),
        now,
      );
      const bal = balance.status === "fulfilled" ? balance.value : null;
      const burn = burnRate(rows, bal?.activeUsageCost);
      const since = now - 30 * 86_400_000;
      const items = tx.status === "fulfilled" ? tx.value.items : [];
      const apiShownUsage =
        tx.status === "fulfilled" && txOffset === 0
          ? items
              .filter((t) => t.type === "usage" && (Date.parse(String(t.createdAt ?? "")) || 0) >= since)
              .reduce((s, t) => s + Math.abs(t.amount), 0)
          : null;
      return {
        ...base,
        error: balance.status === "rejected" ? why(balance.reason) : null,
        balance: bal?.creditsBalance ?? null,
        burn,
        runwayHours: bal ? balanceRunway(bal, burn) : null,
        rows,
        daily,
        estimate30: daily.reduce((s, d) => s + d.amount, 0),
        transactions: items,
        transactionsTotal: tx.status === "fulfilled" ? tx.value.total : null,
        transactionsError: tx.status === "rejected" ? why(tx.reason) : null,
        apiShownUsage,
      };
    }),
  );
}
