import { describe, expect, it } from 'vitest';
import { formatJobTime, queueLabel, triesText } from './job-format';

describe('job screen words', () => {
  it.each([
    [{ state: 'failed', retryCount: 3, retryLimit: 3 }, '4 of 4'],
    [{ state: 'retry', retryCount: 0, retryLimit: 3 }, '1 of 4'],
    [{ state: 'active', retryCount: 2, retryLimit: 3 }, '3 of 4'],
    [{ state: 'created', retryCount: 0, retryLimit: 3 }, '0 of 4'],
    [{ state: 'failed', retryCount: 0, retryLimit: 0 }, '1 of 1'],
  ])('counts the tries of %o as %s', (job, text) => {
    expect(triesText(job)).toBe(text);
  });

  it('names the known queues and keeps an unknown one as it is', () => {
    expect(queueLabel('send-mail')).toBe('E-mails');
    expect(queueLabel('back-in-stock')).toBe('Back-in-stock notices');
    expect(queueLabel('refill-reminders')).toBe('Refill reminders');
    expect(queueLabel('loyalty-expiry')).toBe('Loyalty points expiry');
    expect(queueLabel('stock-report')).toBe('stock-report');
  });

  it('shows a time in UTC, and an unreadable one as it came', () => {
    expect(formatJobTime('2026-11-25T10:20:30.000Z')).toBe('25 Nov 2026, 10:20 UTC');
    expect(formatJobTime('soon')).toBe('soon');
  });
});
