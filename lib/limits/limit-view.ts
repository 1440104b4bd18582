import type { LimitReason, RateSegment } from "@/lib/spend/ledger";

/** GET /api/clusters/{id}/guard: a cluster's limits, the guardian's state and its rate segments. */
export type GuardView = {
  tracked: boolean;
  ceilingMinutes: number | null;
  segments: RateSegment[];
  limits: {
    timeLimitMinutes: number | null;
    budgetLimit: number | null;
    state: "watching" | "enforcing" | "enforced" | "closed";
    reason: LimitReason | null;
    enforcedAt: string | null;
    warnedAt: string | null;
    problem: string | null;
    problemSince: string | null;
  } | null;
};

/** The extensions the cluster page and a limit warning offer, in minutes. */
export const EXTEND_CHOICES = [60, 240] as const;
