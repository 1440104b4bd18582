/** Workspace resources of the Runcrate API (SSH keys, storage, balance, transactions, environments), camelCase. */
import { z } from "zod";
import { idString, num, text, timestamp } from "./read-primitives";

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

export const balanceSchema = z.looseObject({
  creditsBalance: num,
  activeUsageCost: num.nullish(),
});
export type Balance = z.infer<typeof balanceSchema>;

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
