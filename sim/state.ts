/** Everything one simulator instance holds; reset by POST /__sim/reset. */
import { buildCatalogue, type SimOffer } from "./catalogue";
import type { SimClock } from "./clock";
import type { SimConfig } from "./config";
import { advanceWorkspace } from "./engine";
import { noFaults, type Faults } from "./faults";
import type { Workspace } from "./model";
import { NumericIds } from "./numeric-ids";
import { RateLimiter } from "./rate-limit";
import { Stats } from "./stats";
import { VariantSet, VariantStore } from "./variants";
import { WorkspaceStore } from "./workspaces";

export interface SimState {
  config: SimConfig;
  clock: SimClock;
  offers: SimOffer[];
  workspaces: WorkspaceStore;
  /** Faults for every key, unless the key has its own (below). */
  faults: Faults;
  /** Faults for one key only: tests running side by side each break their own workspace. */
  keyFaults: Map<string, Faults>;
  limiter: RateLimiter;
  stats: Stats;
  variants: VariantStore;
  /** The numbers shown for UUIDs under the `numeric-ids` variant. */
  numericIds: NumericIds;
}

export function createState(config: SimConfig, clock: SimClock): SimState {
  return {
    config,
    clock,
    offers: buildCatalogue(config.offers),
    workspaces: new WorkspaceStore(() => config.credits, config.revokedKeys),
    faults: {
      ...noFaults(),
      latencyMs: config.latencyMs,
      errorRate: config.errorRate > 0 ? { "*": config.errorRate } : {},
    },
    keyFaults: new Map(),
    limiter: new RateLimiter(config.rateLimit),
    stats: new Stats(),
    variants: new VariantStore(VariantSet.parse(config.variants)),
    numericIds: new NumericIds(),
  };
}

export function resetState(s: SimState): void {
  s.workspaces.reset(s.config.revokedKeys);
  s.faults = noFaults();
  s.keyFaults.clear();
  s.limiter.reset();
  s.stats.reset();
  s.variants.reset();
  s.numericIds.reset();
}

/** The workspace of `key`, brought up to the current simulator time. */
export function currentWorkspace(s: SimState, key: string): Workspace {
  const ws = s.workspaces.getOrCreate(key, s.clock.now());
  advanceWorkspace(ws, s.clock.now());
  return ws;
}

export function advanceAll(s: SimState): void {
  const now = s.clock.now();
  for (const ws of s.workspaces.all()) advanceWorkspace(ws, now);
}

/** The faults a request made with `key` meets: the key's own when it has them, else everyone's. */
export function faultsFor(s: SimState, key: string | null): Faults {
  return (key !== null ? s.keyFaults.get(key) : undefined) ?? s.faults;
}
