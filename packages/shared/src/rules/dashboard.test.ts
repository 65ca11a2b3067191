import { describe, expect, it } from 'vitest';
import { orderListQuerySchema } from '../schemas/order';
import {
  dashboardPeriod,
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
    { day: '2026-11-24', orders: 1, revenueMinor: 1_000, cancelledOrders: 0, newCustomers: 2 },
    { day: '2026-11-25', orders: 2, revenueMinor: 3_001, cancelledOrders: 1, newCustomers: 0 },
    { day: '2026-11-26', orders: 0, revenueMinor: 0, cancelledOrders: 3, newCustomers: 1 },
  ];

  it('adds the days inside the range only, both ends included', () => {
    expect(periodFigures(daily, { from: '2026-11-25', to: '2026-11-26' })).toEqual({
      revenueMinor: 3_001,
      orders: 2,
      averageOrderValueMinor: 1_501,
      newCustomers: 1,
      cancelledOrders: 4,
      cancellationRate: 4 / 6,
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
    });
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
  ])('%o valid: %s', (query, valid) => {
    expect(orderListQuerySchema.safeParse(query).success).toBe(valid);
  });

  it('reads the flags as booleans', () => {
    const parsed = orderListQuerySchema.parse({ overdue: 'false', prescriptionPending: 'true' });
    expect(parsed.overdue).toBe(false);
    expect(parsed.prescriptionPending).toBe(true);
  });
});
