import { describe, expect, it } from 'vitest';
import { ordersExportQuerySchema } from './reports';

function firstIssue(value: unknown): { path: string; message: string } | undefined {
  const result = ordersExportQuerySchema.safeParse(value);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return issue ? { path: issue.path.join('.'), message: issue.message } : undefined;
}

describe('orders export period (issue 18 point 5)', () => {
  it.each([
    [{ from: '2026-11-01', to: '2026-11-30' }, undefined],
    [{ from: '2026-11-25', to: '2026-11-25' }, undefined],
    // 366 days counting both ends: a whole leap year, and a year and a day otherwise.
    [{ from: '2024-01-01', to: '2024-12-31' }, undefined],
    [{ from: '2026-01-01', to: '2027-01-01' }, undefined],
    [
      { from: '2026-01-01', to: '2027-01-02' },
      {
        path: 'to',
        message: 'One export covers at most 366 days: choose an end date up to 2027-01-01.',
      },
    ],
    [
      { from: '2026-11-02', to: '2026-11-01' },
      { path: 'to', message: 'The end date is before the start date.' },
    ],
    [{ to: '2026-11-01' }, { path: 'from', message: 'Please choose the start date.' }],
    [{ from: '2026-11-01' }, { path: 'to', message: 'Please choose the end date.' }],
    [
      { from: '01/11/2026', to: '2026-11-30' },
      { path: 'from', message: 'The start date must look like 2026-11-25.' },
    ],
    [
      { from: '2026-02-01', to: '2026-02-30' },
      { path: 'to', message: 'The end date is not a day on the calendar.' },
    ],
    [
      { from: '2026-11-01', to: ['2026-11-02', '2026-11-03'] },
      { path: 'to', message: 'Please choose the end date.' },
    ],
  ])('%j → %j', (value, issue) => {
    expect(firstIssue(value)).toEqual(issue);
  });
});
