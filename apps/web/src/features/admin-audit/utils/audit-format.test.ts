import { describe, expect, it } from 'vitest';
import { actorText, detailLines, entityLabel } from './audit-format';

describe('audit details in words', () => {
  it('writes changes with an arrow, money from minor units, roles and reasons by name', () => {
    expect(
      detailLines(
        {
          note: 'Dropped',
          maximumRetailPriceMinor: { from: 10000, to: 15550 },
          offerPriceMinor: { from: 9000, to: 14000 },
          name: 'Dolo 650 Tablet',
          reason: 'damaged',
          roleId: { from: null, to: 1 },
          empty: null,
          newBatch: true,
          zeta: { a: 1 },
        },
        '₹',
      ),
    ).toEqual([
      { label: 'Name', text: 'Dolo 650 Tablet' },
      { label: 'Offer price', text: '₹90.00 → ₹140.00' },
      { label: 'MRP', text: '₹100.00 → ₹155.50' },
      { label: 'Role', text: '— → Admin' },
      { label: 'Reason', text: 'Damaged' },
      { label: 'Note', text: 'Dropped' },
      { label: 'New batch', text: 'yes' },
      { label: 'Zeta', text: '{"a":1}' },
    ]);
  });

  it('names entities and actors', () => {
    expect(entityLabel('stock_batch', '4')).toBe('Batch #4');
    expect(entityLabel('h1_register', '3')).toBe('H1 register #3');
    expect(actorText({ actorUserId: null, actorName: null })).toBe('System');
    expect(actorText({ actorUserId: 9, actorName: null })).toBe('User #9 (deleted)');
  });
});
