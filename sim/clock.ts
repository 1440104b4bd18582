/**
 * The simulator's clock. Wall time plus whatever `POST /__sim/clock/advance` added; a manual clock (tests) starts at a
 * fixed instant and only moves when advanced. SIM_SPEED does not change the clock: it shortens the lifecycle's
 * durations (see lifecycle-plan.ts), so timestamps and billing stay in real time for the UI.
 */
export interface SimClock {
  now(): number;
  advance(seconds: number): void;
  readonly manual: boolean;
}

export function createClock(opts: { manual?: boolean; start?: number } = {}): SimClock {
  let offset = 0;
  const manual = opts.manual ?? false;
  const start = opts.start ?? Date.now();
  return {
    manual,
    now: () => (manual ? start : Date.now()) + offset,
    advance(seconds: number) {
      offset += seconds * 1000;
    },
  };
}

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));
