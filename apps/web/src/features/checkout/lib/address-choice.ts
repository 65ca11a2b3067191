import type { Address } from '@pharmacy/shared';

/**
 * Spec §2 address step: the address passed by navigation (the address pages return with
 * `{ addressId }`), else the primary one; with no addresses 'Add Address'; with addresses but
 * none primary 'Select Primary Address'.
 */
export type AddressChoice =
  { kind: 'add' } | { kind: 'select-primary' } | { kind: 'confirm'; address: Address };

export function chooseAddress(
  addresses: readonly Address[],
  passedId: number | null,
): AddressChoice {
  if (addresses.length === 0) return { kind: 'add' };
  const passed = passedId === null ? undefined : addresses.find((a) => a.id === passedId);
  if (passed) return { kind: 'confirm', address: passed };
  const primary = addresses.find((a) => a.isPrimary);
  return primary ? { kind: 'confirm', address: primary } : { kind: 'select-primary' };
}

/** The `addressId` of a navigation state, when it is a positive whole number. */
export function readPassedAddressId(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('addressId' in state)) return null;
  const { addressId } = state as { addressId: unknown };
  return typeof addressId === 'number' && Number.isInteger(addressId) && addressId > 0
    ? addressId
    : null;
}
