/**
 * Per-key token bucket (§5 #16): capacity = the per-minute limit, refilled continuously at limit/60 per second on
 * the simulator clock (so tests refill it with a clock advance). An empty bucket answers 429 with Retry-After.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private perMinute: number) {}

  get limit(): number {
    return this.perMinute;
  }

  /** Returns 0 when the request may go ahead, otherwise the whole seconds to wait. */
  take(key: string, now: number): number {
    if (this.perMinute <= 0) return 0;
    const perMs = this.perMinute / 60_000;
    const b = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    b.tokens = Math.min(this.perMinute, b.tokens + Math.max(0, now - b.at) * perMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
  }

  reset(perMinute?: number): void {
    this.buckets.clear();
    if (perMinute !== undefined) this.perMinute = perMinute;
  }
}
