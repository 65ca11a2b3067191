import { describe, expect, it } from 'vitest';
import type { Weekday } from '@pharmacy/shared';
import { areaForPincode, deliveryDaysText, pincodeRangeText, workingDaysText } from './area-text';

const india = { id: 1, pincodeFrom: '100000', pincodeTo: '999999' };
const city = { id: 5, pincodeFrom: '560001', pincodeTo: '560110' };
const sameWidth = { id: 3, pincodeFrom: '560011', pincodeTo: '560120' };
const single = { id: 9, pincodeFrom: '560034', pincodeTo: '560034' };

describe('areaForPincode (the server rule, decision 0023)', () => {
  it.each([
    ['the only area that holds it', [india], '110001', india],
    ['the narrowest of those that hold it', [india, city], '560001', city],
    ['a single pincode over its city', [india, city, single], '560034', single],
    ['the oldest of two as narrow', [india, city, sameWidth], '560050', sameWidth],
    ['none when none holds it', [city], '110001', null],
    ['the range ends included', [city], '560110', city],
  ])('%s', (_, areas, pincode, expected) => {
    expect(areaForPincode(areas, pincode)).toBe(expected);
  });
});

describe('texts', () => {
  it.each([
    [[1, 2, 3, 4, 5], 'Monday to Friday'],
    [[6, 1, 2, 3, 4, 5], 'Monday to Saturday'],
    [[1, 2, 3, 4, 5, 6, 7], 'Every day'],
    [[1, 3, 5], 'Monday, Wednesday and Friday'],
    [[6, 7], 'Saturday and Sunday'],
    [[2], 'Tuesday'],
  ] as [Weekday[], string][])('working days %j read %s', (days, text) => {
    expect(workingDaysText(days)).toBe(text);
  });

  it('writes a range, a single pincode and the days to deliver', () => {
    expect(pincodeRangeText(city)).toBe('560001–560110');
    expect(pincodeRangeText(single)).toBe('560034');
    expect(deliveryDaysText(0)).toBe('Day of dispatch');
    expect(deliveryDaysText(1)).toBe('1 working day');
    expect(deliveryDaysText(7)).toBe('7 working days');
  });
});
