import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@pharmacy/shared';
import { displayedStatusId, showAdminControls, statusTone } from './order-rules';

const S = ORDER_STATUS;

describe('order rules', () => {
  it.each([
    [S.PAYMENT, null, S.COLLECTING_ADDRESS],
    [S.NEW, null, S.COLLECTING_ADDRESS],
    [S.CANCELLED, null, S.CANCELLED],
    [S.DELIVERED, null, S.DELIVERED],
    [S.PACKING, 4, S.PACKING],
  ])('status %i with address %s is displayed as %i (spec §4)', (statusId, addressId, shown) => {
    expect(displayedStatusId({ statusId, addressId })).toBe(shown);
  });

  it.each([
    [S.DELIVERED, true, false],
    [S.CANCELLED, true, false],
    [S.DISPATCHED, true, true],
    [S.COLLECTING_ADDRESS, true, true],
    [S.PACKING, false, false],
  ])('status %i, may move orders %s: order controls shown %s', (statusId, mayManage, shown) => {
    expect(showAdminControls({ statusId }, mayManage)).toBe(shown);
  });

  it('colours statuses by meaning', () => {
    expect(statusTone(S.DELIVERED)).toBe('success');
    expect(statusTone(S.CANCELLED)).toBe('danger');
    expect(statusTone(S.DISPATCHED)).toBe('progress');
    expect(statusTone(S.PAYMENT)).toBe('waiting');
  });
});
