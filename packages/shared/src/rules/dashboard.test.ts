import { describe, expect, it } from 'vitest';
import { orderListQuerySchema } from '../schemas/order';
import { ORDER_STATUS, ORDER_STATUS_IDS, type OrderStatusId } from '../constants/order-status';
import {
  AWAITING_DISPATCH_STATUSES,
  CONFIRMED_ORDER_STATUSES,
  dashboardPeriod,
  deliveredOnTime,
  dispatchQueueFilter,
  dispatchQueueOf,
  onTimeRate,
  periodFigures,
  relativeChange,
  shopDay,
  shopDayStart,
  type DailyFigures,
} from './dashboard';

describe('shopDay: the day in India an instant falls in', () => {
  it.each([
    ['2026-11-25T18:29:59.999Z', '2026-11-25'],
    ['2026-11-25T18:30:00.000Z', '2026-11-26'],
    ['2026-11-26T00:00:00.000Z', '2026-11-26'],
    ['2026-12-31T18:30:00.000Z', '2027-01-01'],
    ['2028-02-28T18:30:00.000Z', '2028-02-29'],
  ])('%s is %s', (at, day) => {
    expect(shopDay(new Date(at))).toBe(day);
  });

  it.each([
    ['2026-11-26', '2026-11-25T18:30:00.000Z'],
    ['2027-01-01', '2026-12-31T18:30:00.000Z'],
    ['2026-03-01', '2026-02-28T18:30:00.000Z'],
  ])('%s begins at %s', (day, at) => {
    expect(shopDayStart(day).toISOString()).toBe(at);
    expect(shopDay(shopDayStart(day))).toBe(day);
    expect(shopDay(new Date(shopDayStart(day).getTime() - 1))).not.toBe(day);
  });
});

describe('dashboardPeriod', () => {
  it.each([
    [1, '2026-11-26', '2026-11-26', '2026-11-25', '2026-11-25'],
    [7, '2026-11-20', '2026-11-26', '2026-11-13', '2026-11-19'],
    [30, '2026-10-28', '2026-11-26', '2026-09-28', '2026-10-27'],
  ])('%i days to 2026-11-26', (days, from, to, previousFrom, previousTo) => {
    expect(dashboardPeriod('2026-11-26', days)).toEqual({
      current: { from, to },
      previous: { from: previousFrom, to: previousTo },
    });
  });

  it('crosses a year end', () => {
    expect(dashboardPeriod('2027-01-02', 7).previous).toEqual({
      from: '2026-12-20',
      to: '2026-12-26',
    });
  });
});

describe('periodFigures', () => {
  const daily: DailyFigures[] = [
    {
      day: '2026-11-24',
      orders: 1,
      revenueMinor: 1_000,
      cancelledOrders: 0,
      newCustomers: 2,
      delivered: 4,
      deliveredOnTime: 4,
    },
    {
      day: '2026-11-25',
      orders: 2,
      revenueMinor: 3_001,
      cancelledOrders: 1,
      newCustomers: 0,
      delivered: 2,
      deliveredOnTime: 1,
    },
    {
      day: '2026-11-26',
      orders: 0,
      revenueMinor: 0,
      cancelledOrders: 3,
      newCustomers: 1,
      delivered: 1,
      deliveredOnTime: 1,
    },
  ];

  it('adds the days inside the range only, both ends included', () => {
    expect(periodFigures(daily, { from: '2026-11-25', to: '2026-11-26' })).toEqual({
      revenueMinor: 3_001,
      orders: 2,
      averageOrderValueMinor: 1_501,
      newCustomers: 1,
      cancelledOrders: 4,
      cancellationRate: 4 / 6,
      deliveredOrders: 3,
      deliveredOnTime: 2,
      onTimeRate: 0.667,
    });
  });

  it('has no average and no rate without orders', () => {
    expect(periodFigures(daily, { from: '2026-11-01', to: '2026-11-23' })).toEqual({
      revenueMinor: 0,
      orders: 0,
      averageOrderValueMinor: null,
      newCustomers: 0,
      cancelledOrders: 0,
      cancellationRate: null,
      deliveredOrders: 0,
      deliveredOnTime: 0,
      onTimeRate: null,
    });
  });

  it('gives an on-time rate of 1 when every promised delivery of the days kept it', () => {
    expect(periodFigures(daily, { from: '2026-11-24', to: '2026-11-24' }).onTimeRate).toBe(1);
  });

  it('gives a rate of 1 when every order was cancelled', () => {
    const figures = periodFigures(daily, { from: '2026-11-26', to: '2026-11-26' });
    expect(figures.cancellationRate).toBe(1);
    expect(figures.averageOrderValueMinor).toBeNull();
  });
});

describe('relativeChange', () => {
  it.each([
    [150, 100, 0.5],
    [50, 100, -0.5],
    [0, 100, -1],
    [100, 100, 0],
    [100, 0, null],
    [null, 100, null],
    [100, null, null],
  ])('%s against %s', (current, previous, change) => {
    expect(relativeChange(current, previous)).toBe(change);
  });
});

describe('order list filters', () => {
  it.each([
    [{ from: '2026-11-01', to: '2026-11-30' }, true],
    [{ from: '2026-11-30', to: '2026-11-30' }, true],
    [{ from: '2026-11-30', to: '2026-11-01' }, false],
    [{ from: '2026-02-30' }, false],
    [{ to: '26-11-2026' }, false],
    [{ prescriptionPending: 'true' }, true],
    [{ overdue: 'false' }, true],
    [{ overdue: '1' }, false],
    [{ overdue: 'yes' }, false],
    [{ dueToday: 'true', late: 'false' }, true],
    [{ dueToday: 'TRUE' }, false],
    [{ late: '' }, false],
  ])('%o valid: %s', (query, valid) => {
    expect(orderListQuerySchema.safeParse(query).success).toBe(valid);
  });

  it('reads the flags as booleans', () => {
    const parsed = orderListQuerySchema.parse({ overdue: 'false', prescriptionPending: 'true' });
    expect(parsed.overdue).toBe(false);
    expect(parsed.prescriptionPending).toBe(true);
    expect(orderListQuerySchema.parse({ dueToday: 'true', late: 'false' })).toMatchObject({
      dueToday: true,
      late: false,
    });
  });
});

describe('the dispatch desk queues (issue 29)', () => {
  const today = '2026-11-26';
  const S = ORDER_STATUS;

  it.each([
    // Not dispatched yet: due on the promised day, late after it.
    [S.WAITING_TO_ACCEPT, '2026-11-26', 'dueToday'],
    [S.ACCEPTED, '2026-11-26', 'dueToday'],
    [S.PACKING, '2026-11-26', 'dueToday'],
    [S.PACKING, '2026-11-25', 'late'],
    [S.WAITING_TO_ACCEPT, '2026-10-01', 'late'],
    [S.ACCEPTED, '2026-11-27', null],
    // On its way: late only after the promised day.
    [S.DISPATCHED, '2026-11-25', 'late'],
    [S.DISPATCHED, '2026-11-26', null],
    [S.DISPATCHED, '2026-11-27', null],
    // Still in checkout, done, or without a promise: neither.
    [S.PAYMENT, '2026-11-26', null],
    [S.COLLECTING_PRESCRIPTION, '2026-11-20', null],
    [S.NEW, '2026-11-20', null],
    [S.DELIVERED, '2026-11-20', null],
    [S.CANCELLED, '2026-11-26', null],
    [S.PACKING, null, null],
  ])('status %i promised %s: %s', (statusId, expectedDeliveryDate, queue) => {
    expect(dispatchQueueOf({ statusId, expectedDeliveryDate }, today)).toBe(queue);
  });

  it('never puts an order in both queues, whatever its status and day', () => {
    const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
    const inQueue = (queue: 'dueToday' | 'late', statusId: OrderStatusId, day: string) => {
      const filter = dispatchQueueFilter(queue, today);
      return (
        filter.statusIds.includes(statusId) &&
        (filter.expectedFrom === undefined || day >= filter.expectedFrom) &&
        day < filter.expectedBefore
      );
    };
    for (const statusId of ORDER_STATUS_IDS)
      for (const day of days)
        expect(inQueue('dueToday', statusId, day) && inQueue('late', statusId, day)).toBe(false);
  });

  it('takes the confirmed statuses that have not left the pharmacy', () => {
    expect(AWAITING_DISPATCH_STATUSES).toEqual(
      CONFIRMED_ORDER_STATUSES.filter((id) => id !== S.DISPATCHED && id !== S.DELIVERED),
    );
    expect(dispatchQueueFilter('dueToday', '2026-12-31')).toMatchObject({
      expectedFrom: '2026-12-31',
      expectedBefore: '2027-01-01',
    });
  });
});

describe('the on-time rate (issue 29)', () => {
  it.each([
    [0, 0, null], // nothing delivered with a promise: shown as '—'
    [0, 3, 0], // all late
    [3, 3, 1], // all on time
    [1, 2, 0.5],
    [2, 3, 0.667], // half up to a tenth of a percent
    [1, 3, 0.333],
    [1, 8, 0.125],
    [1, 16, 0.063], // 6.25 % up
    [1_999, 2_000, 0.999], // 99.95 % is not 100 %: one parcel was late
    [1, 2_000, 0.001], // 0.05 % is not 0 %: one parcel was on time
    [1, 5_000, 0.001],
    [4_999, 5_000, 0.999],
  ])('%i on time of %i: %s', (onTime, delivered, rate) => {
    expect(onTimeRate(onTime, delivered)).toBe(rate);
  });

  // The promise is a day in India: a parcel delivered at 23:59 there (18:29 UTC) kept the day's
  // promise, one at 00:01 the next day (18:31 UTC) did not.
  it.each([
    ['2026-11-26T18:29:00.000Z', '2026-11-26', true],
    ['2026-11-26T18:29:59.999Z', '2026-11-26', true],
    ['2026-11-26T18:30:00.000Z', '2026-11-26', false],
    ['2026-11-26T18:31:00.000Z', '2026-11-26', false],
    ['2026-11-26T18:31:00.000Z', '2026-11-27', true],
    ['2026-11-25T18:31:00.000Z', '2026-11-26', true], // 00:01 on the promised day itself
    ['2026-11-25T18:29:00.000Z', '2026-11-26', true], // the day before
    ['2026-12-31T18:31:00.000Z', '2026-12-31', false], // 00:01 on New Year's Day
  ])('delivered at %s, promised %s: on time %s', (at, promised, onTime) => {
    expect(deliveredOnTime(new Date(at), promised)).toBe(onTime);
  });

  it('rates a period from its deliveries, a late one at the day boundary included', () => {
    const promised = '2026-11-26';
    const deliveries = [
      '2026-11-26T18:29:00.000Z', // on time
      '2026-11-26T18:31:00.000Z', // late, by two minutes in India
      '2026-11-24T10:00:00.000Z', // on time
    ].map((at) => deliveredOnTime(new Date(at), promised));
    const onTime = deliveries.filter(Boolean).length;
    expect(onTimeRate(onTime, deliveries.length)).toBe(0.667);
  });
});
