/** Workspace resources of the Runcrate API (SSH keys, storage, balance, transactions, environments), camelCase. */
import { z } from "zod";
import { idString, num, oneOf, text, timestamp } from "./read-primitives";

// ───────────────────────────── workspace resources (camelCase) ─────────────────────────────

export const sshKeySchema = z.looseObject({
  id: idString,
  name: z.string(),
  fingerprint: text,
  type: text,
  createdAt: timestamp.nullish(),
  lastUsed: timestamp.nullish(),
  projectId: text,
});
export type SshKey = z.infer<typeof sshKeySchema>;

export const storageVolumeSchema = z.looseObject({
  id: idString,
  name: z.string(),
  sizeGb: num.nullish(),
  status: text,
  region: z.union([z.string(), z.number()]).nullish(),
  providerType: text,
  deploymentId: text,
  projectId: text,
  createdAt: timestamp.nullish(),
  updatedAt: timestamp.nullish(),
});
export type StorageVolume = z.infer<typeof storageVolumeSchema>;

/**
 * GET /billing/balance, read from either shape: the REST page's `creditsBalance` / `activeUsageCost`, or the names
 * Runcrate's tool descriptions give, `floating_balance_usd` (net of usage so far), `burn_usd_per_hour` and
 * `runway_hours` (null when nothing runs). The newer figures win where both are sent; the app reads
 * `creditsBalance` and `activeUsageCost` either way, and `runway_hours` only where the API gave it (balanceRunway).
 */
export const balanceSchema = z
  .looseObject({
    creditsBalance: num.nullish(),
    activeUsageCost: num.nullish(),
    floating_balance_usd: num.nullish(),
    burn_usd_per_hour: num.nullish(),
    runway_hours: num.nullish(),
  })
  .check(oneOf("creditsBalance", "floating_balance_usd", "A balance"))
  .transform((b): Balance => {
    const out: Balance = { ...b, creditsBalance: (b.floating_balance_usd ?? b.creditsBalance) as number };
    const burn = b.burn_usd_per_hour ?? b.activeUsageCost;
    if (burn !== undefined) out.activeUsageCost = burn;
    return out;
  });
export type Balance = {
  [field: string]: unknown;
  creditsBalance: number;
  activeUsageCost?: number | null;
  floating_balance_usd?: number | null;
  burn_usd_per_hour?: number | null;
  /** Absent: the API does not say (compute it); null: nothing runs. */
  runway_hours?: number | null;
};

/** `type` filter values of GET /billing/transactions (DOC-TXN); items may carry others. */
export const TRANSACTION_TYPES = ["credit", "usage", "refund", "adjustment"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** An item of GET /billing/transactions (DOC-TXN, SDK): camelCase; debits have a negative amount. */
export const transactionSchema = z.looseObject({
  id: idString,
  /** Named by the SDKs and the `type` filter, absent from DOC-TXN's item list. */
  type: text,
  amount: num,
  description: text,
  createdAt: timestamp,
  projectId: text,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const environmentSchema = z.looseObject({
  id: idString,
  name: z.string(),
  is_default: z.boolean().nullish(),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});
export type Environment = z.infer<typeof environmentSchema>;
