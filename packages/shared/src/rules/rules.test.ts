import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../constants/order-status';
import { discountPercent, savedAmount } from './discount';
import {
  cartBadgeText,
  cartLabel,
  formatIsoDate,
  formatLongDate,
  placeholderImageIndex,
  showingText,
} from './display';
import { formatMoney, lineTotal, lineTotalMinor, toMinorUnits } from './money';
import {
  displayedStatus,
  isOrderEditable,
  needsCompletion,
  nextStatusAfterAddress,
  nextStatusAfterPayment,
} from './order';

describe('discountPercent (spec §9)', () => {
  it.each([
    [100, 90, 10],
    [100, 89.5, 11], // 10.5 rounds up
    [300, 299, 1], // 0.33 rounds up
    [100, 0.5, 99], // 99.5 is above 99: floored
    [100, 100, 0],
    [0, 0, 0], // price 0 → 0
    [100, 120, 0], // offer above price is no discount
    [1000, 1, 99], // 99.9 floored
  ])('MRP %d, offer %d → %d%%', (mrp, offer, expected) => {
    expect(discountPercent(mrp, offer)).toBe(expected);
  });

  it('reports the saved amount without float error', () => {
    expect(savedAmount(100.1, 90.2)).toBe(9.9);
    expect(savedAmount(50, 60)).toBe(0);
  });
});

describe('money', () => {
  it.each([
    [0.1, 3, 0.3],
    [19.99, 3, 59.97],
    [1234.56, 1, 1234.56],
  ])('line total of %d × %d is %d', (price, count, total) => {
    expect(lineTotal(price, count)).toBe(total);
  });

  it('computes in minor units', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(lineTotalMinor(1999, 3)).toBe(5997);
  });

  it('formats with the symbol, two decimals and Indian grouping', () => {
    expect(formatMoney(123456.5)).toBe('₹1,23,456.50');
    expect(formatMoney(50, '$')).toBe('$50.00');
    expect(formatMoney(-5)).toBe('-₹5.00');
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatMoney(999.995)).toBe('₹1,000.00');
    expect(formatMoney(98765432.1)).toBe('₹9,87,65,432.10');
    expect(formatMoney(-0.001)).toBe('₹0.00');
  });
});

describe('order rules (spec §4, DECISIONS)', () => {
  it('shows Collecting Address for an order without an address', () => {
    expect(displayedStatus({ statusId: ORDER_STATUS.PAYMENT, addressId: null })).toBe(
      'Collecting Address',
    );
    expect(displayedStatus({ statusId: ORDER_STATUS.PACKING, addressId: 3 })).toBe('Packing');
    expect(displayedStatus({ statusId: ORDER_STATUS.CANCELLED, addressId: null })).toBe(
      'Cancelled',
    );
  });

  it.each([
    [ORDER_STATUS.NEW, 1, true],
    [ORDER_STATUS.PAYMENT, 1, true],
    [ORDER_STATUS.DELIVERED, 1, false],
    [ORDER_STATUS.CANCELLED, 1, false],
    [ORDER_STATUS.DISPATCHED, 1, false],
    [ORDER_STATUS.PACKING, 1, false],
    [ORDER_STATUS.PACKING, null, true], // no address → editable
  ])('status %d with address %s editable: %s', (statusId, addressId, editable) => {
    expect(isOrderEditable({ statusId, addressId })).toBe(editable);
  });

  it('moves to prescription or payment after the address, and to review or packing after payment', () => {
    expect(nextStatusAfterAddress(true)).toBe(ORDER_STATUS.COLLECTING_PRESCRIPTION);
    expect(nextStatusAfterAddress(false)).toBe(ORDER_STATUS.PAYMENT);
    expect(nextStatusAfterPayment(true)).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
    expect(nextStatusAfterPayment(false)).toBe(ORDER_STATUS.PACKING);
  });

  it('asks the owner to complete orders that wait on them', () => {
    expect(needsCompletion({ statusId: ORDER_STATUS.PAYMENT, addressId: 1 })).toBe(true);
    expect(needsCompletion({ statusId: ORDER_STATUS.WAITING_TO_ACCEPT, addressId: 1 })).toBe(false);
    expect(needsCompletion({ statusId: ORDER_STATUS.ACCEPTED, addressId: null })).toBe(true);
    expect(needsCompletion({ statusId: ORDER_STATUS.CANCELLED, addressId: null })).toBe(false);
  });
});

describe('display rules', () => {
  it.each([
    [0, '0'],
    [98, '98'],
    [99, '99+'],
    [250, '99+'],
  ])('cart badge for %d is %s', (count, text) => {
    expect(cartBadgeText(count)).toBe(text);
  });

  it('labels the cart', () => {
    expect(cartLabel(0)).toBe('your cart is empty');
    expect(cartLabel(3)).toBe('your cart has 3 items');
  });

  it('shows the listing range', () => {
    expect(showingText(1, 25, 0)).toBe('0 products');
    expect(showingText(1, 25, 60)).toBe('Showing: 1-25 of 60 products');
    expect(showingText(3, 25, 60)).toBe('Showing: 51-60 of 60 products');
  });

  it('chooses one of five placeholders by name length', () => {
    expect(placeholderImageIndex('Dolo')).toBe(5);
    expect(placeholderImageIndex('Crocin')).toBe(2);
    expect(new Set(['a', 'ab', 'abc', 'abcd', 'abcde'].map(placeholderImageIndex)).size).toBe(5);
  });

  it('formats dates in en-IN, UTC', () => {
    expect(formatIsoDate('2026-03-05T23:30:00Z')).toBe('2026-03-05');
    expect(formatLongDate('2026-03-05T23:30:00Z')).toContain('Thursday');
  });
});
