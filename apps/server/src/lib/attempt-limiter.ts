import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { limitKey } from './rate-limits';

/**
 * Counts failed attempts per key in a fixed window (OWASP ASVS 6.3 anti-automation), in a
 * counter every server instance shares (lib/rate-limits.ts): ten wrong passwords are ten,
 * whichever instances they reached.
 */
export class AttemptLimiter {
  constructor(
    private readonly counter: RateLimiterAbstract,
    private readonly limit: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  async retryAfterSeconds(key: string): Promise<number> {
    const state = await this.counter.get(limitKey(key));
    if (!state || state.consumedPoints < this.limit) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  async recordFailure(key: string): Promise<void> {
    await this.counter.penalty(limitKey(key), 1);
  }

  async reset(key: string): Promise<void> {
    await this.counter.delete(limitKey(key));
  }
}
