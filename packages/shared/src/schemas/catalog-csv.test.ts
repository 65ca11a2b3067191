import { describe, expect, it } from 'vitest';
import { checkCatalogCsvRow } from './catalog-csv';

const valid = {
  id: '',
  name: 'Dolo 650 Tablet',
  division: 'Pain Relief',
  manufacturer: 'Micro Labs',
  saltComposition: 'Paracetamol (650mg)',
  offerPrice: '90.50',
  maximumRetailPrice: '100',
  scheduleCode: 'otc',
  maxUnitsPerOrder: '',
  dosageForm: 'Tablet',
  strength: '650mg',
  packSize: '',
  description: '',
  hsnCode: '',
  gstRate: '',
  reorderLevel: '',
  isActive: '',
};

describe('a catalogue CSV row (issue 18 point 4)', () => {
  it('reads a valid row: paise, defaults for the empty tax and stock cells, schedule in capitals', () => {
    expect(checkCatalogCsvRow(valid)).toEqual({
      ok: true,
      row: {
        id: null,
        name: 'Dolo 650 Tablet',
        division: 'Pain Relief',
        manufacturer: 'Micro Labs',
        saltComposition: 'Paracetamol (650mg)',
        offerPriceMinor: 9050,
        maximumRetailPriceMinor: 10000,
        scheduleCode: 'OTC',
        maxUnitsPerOrder: null,
        dosageForm: 'Tablet',
        strength: '650mg',
        packSize: null,
        description: null,
        hsnCode: '3004',
        gstRate: 5,
        reorderLevel: 5,
        isActive: true,
        returnable: null,
      },
    });
  });

  it("reads Returnable (issue 19): optional, null (keep the product's own) when empty or absent, refused when not yes or no", () => {
    const read = (returnable?: string) => {
      const checked = checkCatalogCsvRow(
        returnable === undefined ? valid : { ...valid, returnable },
      );
      return checked.ok ? checked.row.returnable : checked.reason;
    };
    expect(read()).toBeNull();
    expect(read('')).toBeNull();
    expect(read('No')).toBe(false);
    expect(read('yes')).toBe(true);
    expect(read('maybe')).toBe('Returnable must be yes or no.');
  });

  it.each([
    [{ id: '12', isActive: 'No', hsnCode: '30049099', gstRate: '12', maxUnitsPerOrder: '4' }],
    [{ offerPrice: '100', maximumRetailPrice: '100.00', isActive: 'yes', reorderLevel: '0' }],
    [{ offerPrice: '50', maximumRetailPrice: '50', isActive: 'TRUE', gstRate: '0' }],
    [{ saltComposition: '' }],
  ])('accepts %o', (change) => {
    expect(checkCatalogCsvRow({ ...valid, ...change }).ok).toBe(true);
  });

  it.each([
    [{ name: '  ' }, 'Name is required.'],
    [{ division: '' }, 'Division is required.'],
    [{ manufacturer: '' }, 'Manufacturer is required.'],
    [{ offerPrice: '-5' }, 'Offer Price must be greater than 50.'],
    [{ offerPrice: 'abc' }, 'Offer Price must be greater than 50.'],
    [{ maximumRetailPrice: '' }, 'MRP must be greater than 50.'],
    [{ offerPrice: '100.001' }, 'Offer price: Prices have at most two decimals.'],
    [{ offerPrice: '120', maximumRetailPrice: '100' }, 'Offer Price must be less than MRP.'],
    [{ scheduleCode: '' }, 'Schedule is required (a code such as OTC, H or H1).'],
    [{ hsnCode: '300' }, 'HSN code must be 4, 6 or 8 digits.'],
    [{ hsnCode: '30049' }, 'HSN code must be 4, 6 or 8 digits.'],
    [{ hsnCode: '3004a' }, 'HSN code must be 4, 6 or 8 digits.'],
    [{ gstRate: '7' }, 'GST rate must be 0, 5, 12, 18, 28 or 40 %.'],
    [{ gstRate: 'five' }, 'GST rate must be 0, 5, 12, 18, 28 or 40 %.'],
    [{ reorderLevel: '-1' }, 'Reorder level must be a whole number from 0 to 100,000.'],
    [{ reorderLevel: '2.5' }, 'Reorder level must be a whole number from 0 to 100,000.'],
    [{ isActive: 'maybe' }, 'Active must be yes or no.'],
    [{ id: 'abc' }, 'ID must be the number of an existing product, or empty for a new one.'],
    [{ id: '0' }, 'ID must be the number of an existing product, or empty for a new one.'],
    [{ id: '-3' }, 'ID must be the number of an existing product, or empty for a new one.'],
    [
      { maxUnitsPerOrder: '0' },
      'Max units per order: Maximum units per order must be a whole number from 1 to 1000.',
    ],
  ])('refuses %o: %s', (change, reason) => {
    expect(checkCatalogCsvRow({ ...valid, ...change })).toEqual({ ok: false, reason });
  });
});
