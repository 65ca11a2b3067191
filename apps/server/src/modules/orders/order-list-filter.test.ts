import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, orderListQuerySchema } from '@pharmacy/shared';
import { adminListFilter } from './order-list-filter';

const S = ORDER_STATUS;
const filterOf = (query: Record<string, string>, now: string) =>
  adminListFilter(orderListQuerySchema.parse(query), new Date(now));

/**
 * Issue 18 and 29: the admin order list's filters, on a fixed clock (the API test reads the list
 * on the real one). Today is India's day: 18:29 UTC is still the 26th there, 18:30 the 27th.
 */
describe('admin order list filter', () => {
  it.each([
    [
      'due today, an instant before India’s midnight',
      { dueToday: 'true' },
      '2026-11-26T18:29:59.999Z',
      {
        statusIds: [S.WAITING_TO_ACCEPT, S.ACCEPTED, S.PACKING],
        expectedFrom: '2026-11-26',
        expectedBefore: '2026-11-27',
      },
    ],
    [
      'due today, from India’s midnight',
      { dueToday: 'true' },
      '2026-11-26T18:30:00.000Z',
      {
        statusIds: [S.WAITING_TO_ACCEPT, S.ACCEPTED, S.PACKING],
        expectedFrom: '2026-11-27',
        expectedBefore: '2026-11-28',
      },
    ],
    [
      'late',
      { late: 'true' },
      '2026-11-26T18:31:00.000Z',
      {
        statusIds: [S.WAITING_TO_ACCEPT, S.ACCEPTED, S.PACKING, S.DISPATCHED],
        expectedBefore: '2026-11-27',
      },
    ],
    [
      'overdue, as before',
      { overdue: 'true' },
      '2026-11-26T06:30:00.000Z',
      {
        statusIds: [
          S.NEW,
          S.COLLECTING_PRESCRIPTION,
          S.COLLECTING_ADDRESS,
          S.WAITING_TO_ACCEPT,
          S.ACCEPTED,
          S.DISPATCHED,
          S.PAYMENT,
          S.PACKING,
        ],
        expectedBefore: '2026-11-26',
      },
    ],
    [
      'late and prescription pending: both',
      { late: 'true', prescriptionPending: 'true' },
      '2026-11-26T06:30:00.000Z',
      { statusIds: [S.WAITING_TO_ACCEPT], expectedBefore: '2026-11-26' },
    ],
    [
      'due today and overdue: nothing can be both',
      { dueToday: 'true', overdue: 'true' },
      '2026-11-26T06:30:00.000Z',
      {
        statusIds: [S.WAITING_TO_ACCEPT, S.ACCEPTED, S.PACKING],
        expectedFrom: '2026-11-26',
        expectedBefore: '2026-11-26',
      },
    ],
    [
      'late and overdue: late',
      { late: 'true', overdue: 'true' },
      '2026-11-26T06:30:00.000Z',
      {
        statusIds: [S.WAITING_TO_ACCEPT, S.ACCEPTED, S.DISPATCHED, S.PACKING],
        expectedBefore: '2026-11-26',
      },
    ],
    ['flags off', { dueToday: 'false', late: 'false' }, '2026-11-26T06:30:00.000Z', {}],
  ])('%s', (_name, query, now, expected) => {
    expect(filterOf(query, now)).toEqual(expected);
  });

  it('keeps the placed-on days beside the promise', () => {
    expect(filterOf({ late: 'true', from: '2026-11-01' }, '2026-11-26T06:30:00.000Z')).toEqual({
      placedFrom: new Date('2026-10-31T18:30:00.000Z'),
      statusIds: [S.WAITING_TO_ACCEPT, S.ACCEPTED, S.PACKING, S.DISPATCHED],
      expectedBefore: '2026-11-26',
    });
  });
});
