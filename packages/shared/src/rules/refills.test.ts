import { describe, expect, it } from 'vitest';
import {
  REFILL_INTERVAL_CHOICES,
  isRefillInterval,
  isRefillReminderDue,
  isRefillableMedicine,
  nextRefillDueOnOrAfter,
  refillDueDate,
  refillIntervalLabel,
  refillReminderDate,
  refillScanStep,
  refillStartDay,
  reminderLeadDays,
  rescheduleRefill,
  type RefillSchedule,
} from './refills';

describe('refill due date: calendar days in UTC', () => {
  it.each([
    ['2026-01-31', 30, '2026-03-02'], // 31 Jan + 30 in a common year
    ['2028-01-31', 30, '2028-03-01'], // … and in a leap year
    ['2028-02-29', 30, '2028-03-30'], // from the leap day
    ['2028-02-29', 365, '2029-02-28'], // a year of days from a leap day
    ['2027-02-28', 1, '2027-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'], // year end
    ['2026-12-15', 30, '2027-01-14'],
    ['2026-03-29', 7, '2026-04-05'], // across a European clock change: still 7 days
    ['2026-10-25', 7, '2026-11-01'],
    ['2026-11-25', 180, '2027-05-24'],
  ])('%s + %d days = %s', (start, days, expected) => {
    expect(refillDueDate(start, days)).toBe(expected);
  });
});

describe('the next due date not before today', () => {
  it.each([
    // start, interval, today, next due
    ['2026-11-01', 30, '2026-11-25', '2026-12-01'], // first due still ahead
    ['2026-11-01', 30, '2026-12-01', '2026-12-01'], // due today: today
    ['2026-11-01', 30, '2026-12-02', '2026-12-31'], // a day late: the next one
    ['2026-08-01', 30, '2026-11-25', '2026-11-29'], // an old order: its rhythm, moved on
    ['2026-08-01', 30, '2026-11-29', '2026-11-29'],
    ['2026-01-31', 30, '2026-03-03', '2026-04-01'],
    ['2027-12-20', 15, '2028-01-10', '2028-01-19'], // across the year end
    ['2026-11-25', 7, '2026-11-25', '2026-12-02'], // ordered today: one interval on
  ])('from %s every %d days, on %s: %s', (start, interval, today, expected) => {
    const next = nextRefillDueOnOrAfter(start, interval, today);
    expect(next).toBe(expected);
    expect(next >= today).toBe(true);
  });
});

describe('when the reminder mail goes', () => {
  it.each([
    // due, interval, days before, mail on
    ['2026-12-01', 30, 3, '2026-11-28'],
    ['2026-03-02', 30, 3, '2026-02-27'], // back over a month end
    ['2028-03-01', 30, 3, '2028-02-27'], // … over a leap day
    ['2027-01-01', 30, 3, '2026-12-29'], // … over the year end
    ['2026-12-01', 30, 0, '2026-12-01'], // no lead: on the day
    ['2026-12-01', 7, 10, '2026-11-25'], // lead larger than the interval: 6 days ahead
    ['2026-12-01', 7, 7, '2026-11-25'], // lead equal to it: 6 days ahead too
    ['2026-12-01', 7, 6, '2026-11-25'],
    ['2026-12-01', 8, 30, '2026-11-24'],
  ])('due %s every %d days, %d days before: %s', (due, interval, before, expected) => {
    expect(refillReminderDate(due, interval, before)).toBe(expected);
  });

  it.each([
    [30, 3, 3],
    [7, 10, 6],
    [7, 0, 0],
    [180, 3, 3],
    [1, 3, 0], // never negative
  ])('every %d days with %d days before: the lead is %d', (interval, before, lead) => {
    expect(reminderLeadDays(interval, before)).toBe(lead);
  });

  const reminder = (overrides: Partial<RefillSchedule> = {}): RefillSchedule => ({
    nextDueOn: '2026-12-01',
    intervalDays: 30,
    remindedForDueOn: null,
    paused: false,
    ...overrides,
  });

  it.each([
    ['2026-11-27', {}, false], // the day before the reminder date
    ['2026-11-28', {}, true], // the reminder date
    ['2026-11-30', {}, true],
    ['2026-12-05', {}, true], // late (the shop was down): still mailed, once
    ['2026-11-28', { paused: true }, false],
    ['2026-11-28', { remindedForDueOn: '2026-12-01' }, false], // already mailed for this due date
    ['2026-11-28', { remindedForDueOn: '2026-11-01' }, true], // mailed for the previous one
  ] as const)('on %s with %o: due %s', (today, overrides, expected) => {
    expect(isRefillReminderDue(reminder(overrides), today, 3)).toBe(expected);
  });
});

describe('one pass of the scan', () => {
  const base: RefillSchedule = {
    nextDueOn: '2026-12-01',
    intervalDays: 30,
    remindedForDueOn: null,
    paused: false,
  };
  it.each([
    // today, reminder, days before, expected
    ['2026-11-27', base, 3, { nextDueOn: '2026-12-01', remind: false }],
    ['2026-11-28', base, 3, { nextDueOn: '2026-12-01', remind: true }],
    // mailed; the due day itself: nothing moves
    [
      '2026-12-01',
      { ...base, remindedForDueOn: '2026-12-01' },
      3,
      { nextDueOn: '2026-12-01', remind: false },
    ],
    // mailed and past: the next due date, not yet its mail
    [
      '2026-12-02',
      { ...base, remindedForDueOn: '2026-12-01' },
      3,
      { nextDueOn: '2026-12-31', remind: false },
    ],
    // mailed and long past (the shop was off for a month): the next one, mailed at once
    [
      '2026-12-29',
      { ...base, remindedForDueOn: '2026-12-01' },
      3,
      { nextDueOn: '2026-12-31', remind: true },
    ],
    // past but never mailed: mailed late rather than skipped
    ['2026-12-03', base, 3, { nextDueOn: '2026-12-01', remind: true }],
    // paused: nothing moves, nothing goes
    ['2026-12-29', { ...base, paused: true }, 3, { nextDueOn: '2026-12-01', remind: false }],
    // a 7-day rhythm with a lead larger than it: the next mail the day after the due date
    [
      '2026-12-02',
      { nextDueOn: '2026-12-01', intervalDays: 7, remindedForDueOn: '2026-12-01', paused: false },
      10,
      { nextDueOn: '2026-12-08', remind: true },
    ],
  ] as const)('on %s (%o, %d days before)', (today, reminder, daysBefore, expected) => {
    expect(refillScanStep(reminder, today, daysBefore)).toEqual(expected);
  });

  it('mails each due date once over a year of daily scans', () => {
    let reminder: RefillSchedule = { ...base, nextDueOn: '2026-01-31' };
    const mailed: string[] = [];
    for (let day = 0; day < 366; day++) {
      const today = refillDueDate('2026-01-01', day);
      const step = refillScanStep(reminder, today, 3);
      reminder = { ...reminder, nextDueOn: step.nextDueOn };
      if (step.remind) {
        mailed.push(`${today}→${step.nextDueOn}`);
        reminder = { ...reminder, remindedForDueOn: step.nextDueOn };
      }
    }
    expect(mailed.slice(0, 4)).toEqual([
      '2026-01-28→2026-01-31',
      '2026-02-27→2026-03-02',
      '2026-03-29→2026-04-01',
      '2026-04-28→2026-05-01',
    ]);
    expect(mailed).toHaveLength(12);
    expect(new Set(mailed.map((entry) => entry.split('→')[1])).size).toBe(12);
  });
});

describe('changing the interval', () => {
  it.each([
    // due, old, new, today, next due
    ['2026-12-01', 30, 60, '2026-11-25', '2026-12-31'], // same last refill (1 Nov), longer
    ['2026-12-01', 30, 15, '2026-11-10', '2026-11-16'], // shorter, still ahead
    ['2026-12-01', 30, 15, '2026-11-25', '2026-12-01'], // shorter, the 16th has passed: 1 Dec
    ['2026-12-01', 30, 7, '2026-11-25', '2026-11-29'],
    ['2026-12-01', 30, 30, '2026-11-25', '2026-12-01'], // unchanged
  ])('due %s, every %d → %d days, on %s: %s', (due, oldInterval, newInterval, today, expected) => {
    expect(rescheduleRefill(due, oldInterval, newInterval, today)).toBe(expected);
  });
});

describe('bounds, choices and words', () => {
  it.each([
    [6, false],
    [7, true],
    [30, true],
    [180, true],
    [181, false],
    [30.5, false],
    [0, false],
    [-30, false],
    [Number.NaN, false],
  ])('%d days is an interval: %s', (days, expected) => {
    expect(isRefillInterval(days)).toBe(expected);
  });

  it('offers only choices within the bounds', () => {
    for (const days of REFILL_INTERVAL_CHOICES) expect(isRefillInterval(days)).toBe(true);
  });

  it.each([
    [{ createdAt: '2026-11-01T23:30:00.000Z', deliveredAt: null }, '2026-11-01'],
    [
      { createdAt: '2026-11-01T10:00:00.000Z', deliveredAt: '2026-11-04T02:00:00.000Z' },
      '2026-11-04',
    ],
  ])('an order starts the rhythm on %o: %s', (order, expected) => {
    expect(refillStartDay(order)).toBe(expected);
  });

  it.each([
    [{ saltCompositionId: 3, prescription: false }, true],
    [{ saltCompositionId: null, prescription: true }, true],
    [{ saltCompositionId: null, prescription: false }, false],
  ])('%o is a medicine: %s', (product, expected) => {
    expect(isRefillableMedicine(product)).toBe(expected);
  });

  it('says the interval in words', () => {
    expect(refillIntervalLabel(30)).toBe('every 30 days');
  });
});
