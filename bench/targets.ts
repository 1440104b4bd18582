/**
 * The bench's targets, in one place: each section checks its figures against these, and docs/performance.md states
 * them (bench/targets.test.ts fails when the two disagree).
 */
export const TARGETS = {
  /** Every route's first-load JS, gzip, above an empty Next.js page. */
  weightKb: 110,
  /** Added latency of a proxied read at p50, one request at a time. */
  proxyAddedP50Ms: 2,
  /** A proxied read's throughput at c=16 as a share of an empty Next route handler's. */
  proxyThroughputPct: 60,
  /** A filter change on 2,000 offers → the rendered result count. */
  offersFilterMs: 50,
  /** Upstream reads per interval: per user and cluster however many tabs poll (polling), per guarded cluster (guardian). */
  readsPerInterval: 1,
  /** Server RSS with this many watchers polling. */
  rssMb: 450,
  rssWatchers: 200,
  /** The guardian worker's RSS peak, and how late past its interval a limit may be enforced at p99. */
  guardianRssMb: 400,
  guardianLatenessSlackS: 5,
  /** How far a team budget may be overshot when the guardian ends its clusters, in intervals of their spend. */
  budgetOvershootIntervals: 1,
  /** Lighthouse: performance on desktop (a target) and mobile (advice), accessibility everywhere. */
  lighthouseDesktop: 95,
  lighthouseMobileAdvice: 80,
  lighthouseAccessibility: 100,
} as const;
