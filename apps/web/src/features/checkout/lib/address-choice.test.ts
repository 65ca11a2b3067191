import { describe, expect, it } from 'vitest';
import type { Address } from '@pharmacy/shared';
import { chooseAddress, readPassedAddressId } from './address-choice';

const address = (id: number, isPrimary = false): Address => ({
  id,
  name: `Person ${id}`,
  phone: '9876543210',
  street: `${id} MG Road`,
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  alternatePhone: null,
  isPrimary,
});

describe('address step choices (spec §2)', () => {
  it("offers 'Add Address' without addresses", () => {
    expect(chooseAddress([], null)).toEqual({ kind: 'add' });
    expect(chooseAddress([], 5)).toEqual({ kind: 'add' });
  });

  it("asks to 'Select Primary Address' when none is primary and none was passed", () => {
    expect(chooseAddress([address(1), address(2)], null)).toEqual({ kind: 'select-primary' });
  });

  it('confirms the primary address by default', () => {
    expect(chooseAddress([address(1), address(2, true)], null)).toEqual({
      kind: 'confirm',
      address: address(2, true),
    });
  });

  it('prefers the address passed by navigation, even when another is primary', () => {
    expect(chooseAddress([address(1, true), address(2)], 2)).toEqual({
      kind: 'confirm',
      address: address(2),
    });
    expect(chooseAddress([address(1), address(2)], 1)).toEqual({
      kind: 'confirm',
      address: address(1),
    });
  });

  it('ignores a passed address that is not the user’s', () => {
    expect(chooseAddress([address(1, true)], 99)).toEqual({
      kind: 'confirm',
      address: address(1, true),
    });
  });

  it('reads only a positive whole addressId from the navigation state', () => {
    expect(readPassedAddressId({ addressId: 7 })).toBe(7);
    expect(readPassedAddressId({ addressId: '7' })).toBeNull();
    expect(readPassedAddressId({ addressId: -1 })).toBeNull();
    expect(readPassedAddressId({ redirectTo: '/x' })).toBeNull();
    expect(readPassedAddressId(null)).toBeNull();
  });
});
