/**
 * Counts failed attempts per key in a fixed window (OWASP ASVS 6.3 anti-automation). Kept in
 * memory: good for one instance; several instances behind a balancer each keep their own count,
 * which still bounds guessing to N × limit per window (docs/security.md).
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const entry = this.current(key);
    if (!entry || entry.count < this.limit) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const entry = this.current(key);
    if (entry) entry.count += 1;
    else this.attempts.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.attempts.size > 100_000) this.sweep();
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private current(key: string) {
    const entry = this.attempts.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.attempts.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.attempts) if (entry.resetAt <= now) this.attempts.delete(key);
  }
}
