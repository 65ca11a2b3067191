import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  deliveryPromise,
  deliveryPromiseText,
  indiaClock,
  isTimeOfDay,
  shortDeliveryDate,
  type DispatchCalendar,
  type PincodeService,
} from './delivery';
import { DELIVERY_MESSAGES, deliveryAreaFromCsv } from '../schemas/delivery';

// 2026-12-04 is a Friday; 2026-12-05 Saturday, 2026-12-06 Sunday, 2026-12-25 a holiday (Friday).
const calendar: DispatchCalendar = {
  workingDays: [1, 2, 3, 4, 5, 6],
  holidays: ['2026-12-25', '2026-12-08'],
  dispatchCutoff: '18:00',
};
const metro: PincodeService = {
  serviceable: true,
  zone: 'Metro',
  deliveryDays: 2,
  cashOnDelivery: true,
  sameDay: false,
  sameDayCutoff: null,
};
const bengaluru: PincodeService = {
  ...metro,
  zone: 'Bengaluru',
  deliveryDays: 1,
  sameDay: true,
  sameDayCutoff: '14:00',
};

/** An instant given as India's wall clock. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('indiaClock', () => {
  it.each([
    // UTC instant, India's day, minutes after midnight in India
    ['2026-12-03T18:29:00Z', '2026-12-03', 23 * 60 + 59],
    ['2026-12-03T18:31:00Z', '2026-12-04', 1],
    ['2026-12-03T23:59:00Z', '2026-12-04', 5 * 60 + 29],
    ['2026-12-04T00:01:00Z', '2026-12-04', 5 * 60 + 31],
  ])('%s is %s at minute %i in India', (utc, day, minutes) => {
    expect(indiaClock(new Date(utc))).toMatchObject({ day, minutes });
  });
});

describe('deliveryPromise', () => {
  it.each([
    // India's wall clock, service, dispatch day, delivery day, same day
    ['2026-12-02T17:59', metro, '2026-12-02', '2026-12-04', false], // before the cut-off
    ['2026-12-02T18:00', metro, '2026-12-03', '2026-12-05', false], // at the cut-off: tomorrow
    ['2026-12-04T17:00', metro, '2026-12-04', '2026-12-07', false], // Friday: Sat, then Mon (Sunday closed)
    ['2026-12-05T19:00', metro, '2026-12-07', '2026-12-10', false], // Saturday evening: Mon, holiday Tue skipped
    ['2026-12-06T10:00', metro, '2026-12-07', '2026-12-10', false], // Sunday: closed
    ['2026-12-24T18:30', metro, '2026-12-26', '2026-12-29', false], // Christmas eve late: holiday and Sunday skipped
    ['2026-12-02T13:59', bengaluru, '2026-12-02', '2026-12-02', true], // same day before its cut-off
    ['2026-12-02T14:00', bengaluru, '2026-12-02', '2026-12-03', false], // after it: next working day
    ['2026-12-06T09:00', bengaluru, '2026-12-07', '2026-12-09', false], // no same day on a Sunday
  ] as const)(
    'confirmed %s in India: dispatched and delivered as promised',
    (local, service, dispatchOn, deliverBy, sameDay) => {
      expect(deliveryPromise(ist(local), calendar, service)).toEqual({
        dispatchOn,
        deliverBy,
        sameDay,
      });
    },
  );

  it('uses India’s day around midnight UTC and midnight in India', () => {
    // 23:59 UTC Thursday is 05:29 Friday in India: dispatched Friday.
    expect(deliveryPromise(new Date('2026-12-03T23:59:00Z'), calendar, metro)?.dispatchOn).toBe(
      '2026-12-04',
    );
    // 00:01 UTC Friday is 05:31 Friday in India: the same.
    expect(deliveryPromise(new Date('2026-12-04T00:01:00Z'), calendar, metro)?.dispatchOn).toBe(
      '2026-12-04',
    );
    // 18:29 UTC Thursday is 23:59 Thursday in India, after the cut-off: Friday.
    expect(deliveryPromise(new Date('2026-12-03T18:29:00Z'), calendar, metro)?.dispatchOn).toBe(
      '2026-12-04',
    );
    // 12:29 UTC Thursday is 17:59 in India, before the cut-off: Thursday.
    expect(deliveryPromise(new Date('2026-12-03T12:29:00Z'), calendar, metro)?.dispatchOn).toBe(
      '2026-12-03',
    );
  });

  it('promises nothing for a pincode not served or a calendar with no working day', () => {
    expect(deliveryPromise(ist('2026-12-02T10:00'), calendar, null)).toBeNull();
    expect(
      deliveryPromise(ist('2026-12-02T10:00'), calendar, { ...metro, serviceable: false }),
    ).toBeNull();
    expect(
      deliveryPromise(ist('2026-12-02T10:00'), { ...calendar, workingDays: [] }, metro),
    ).toBeNull();
  });
});

describe('addWorkingDays', () => {
  it.each([
    ['2026-12-04', 0, '2026-12-04'],
    ['2026-12-04', 1, '2026-12-05'],
    ['2026-12-05', 1, '2026-12-07'],
    ['2026-12-07', 1, '2026-12-09'],
    ['2026-12-31', 1, '2027-01-01'],
  ])('%s + %i working days = %s', (day, count, expected) => {
    expect(addWorkingDays(calendar, day, count)).toBe(expected);
  });
});

describe('texts', () => {
  it.each([
    ['2026-12-02', 'Wed, 2 Dec'],
    ['2027-01-01', 'Fri, 1 Jan'],
    ['2028-02-29', 'Tue, 29 Feb'],
  ])('%s reads %s', (day, text) => {
    expect(shortDeliveryDate(day)).toBe(text);
  });

  it('says the promise, same day, or that the pincode is not served', () => {
    expect(deliveryPromiseText('560001', { deliverBy: '2026-12-02', sameDay: false })).toBe(
      'Delivery by Wed, 2 Dec',
    );
    expect(deliveryPromiseText('560001', { deliverBy: '2026-12-02', sameDay: true })).toBe(
      'Delivery today',
    );
    expect(deliveryPromiseText('123456', null)).toBe('We do not deliver to 123456 yet');
  });

  it.each([
    ['00:00', true],
    ['23:59', true],
    ['18:00', true],
    ['24:00', false],
    ['9:00', false],
    ['18:60', false],
    ['', false],
  ])('isTimeOfDay(%s) = %s', (value, ok) => {
    expect(isTimeOfDay(value)).toBe(ok);
  });
});

describe('delivery areas CSV', () => {
  it.each([
    [
      {
        pincode_from: '560001',
        pincode_to: '560110',
        zone: 'Bengaluru',
        delivery_days: '1',
        same_day: 'yes',
        same_day_cutoff: '14:00',
      },
      true,
    ],
    [{ pincode_from: '560001', zone: 'One', delivery_days: '2', cash_on_delivery: 'No' }, true],
    [
      { pincode_from: '560001', zone: 'One', delivery_days: '2', cash_on_delivery: 'maybe' },
      'cash_on_delivery: write yes or no.',
    ],
    [{ pincode_from: '56001', zone: 'One', delivery_days: '2' }, DELIVERY_MESSAGES.pincodeFrom],
    [
      { pincode_from: '560001', pincode_to: '559999', zone: 'One', delivery_days: '2' },
      DELIVERY_MESSAGES.pincodeTo,
    ],
    [{ pincode_from: '560001', zone: 'One', delivery_days: 'two' }, DELIVERY_MESSAGES.deliveryDays],
    [
      { pincode_from: '560001', zone: 'One', delivery_days: '2', same_day: '1' },
      DELIVERY_MESSAGES.sameDayNeedsCutoff,
    ],
    [{ pincode_from: '560001', zone: '', delivery_days: '2' }, DELIVERY_MESSAGES.zone],
  ] as const)('%o → %s', (cells, expected) => {
    const result = deliveryAreaFromCsv(cells);
    if (expected === true) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, message: expected });
  });
});
