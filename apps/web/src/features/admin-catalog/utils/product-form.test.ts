import { describe, expect, it } from 'vitest';
import { checkImageFiles, fieldOfServerMessage, productFormData } from './product-form';

describe('product form helpers', () => {
  it("maps the server's 'field: message' to the field", () => {
    expect(fieldOfServerMessage('offerPrice: Offer Price must be less than MRP')).toEqual({
      field: 'offerPrice',
      message: 'Offer Price must be less than MRP',
    });
    expect(fieldOfServerMessage('image: photo.pdf is not a JPEG, PNG, GIF or WebP image.')).toBe(
      null,
    );
    expect(fieldOfServerMessage('Something went wrong')).toBe(null);
    expect(fieldOfServerMessage('expiryDate: Expiry date cannot be in the past')).toEqual({
      field: 'expiryDate',
      message: 'Expiry date cannot be in the past',
    });
  });

  it('accepts image files only, up to 5 MB and 8 per product', () => {
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    const pdf = new File(['x'], 'b.pdf', { type: 'application/pdf' });
    const svg = new File(['<svg/>'], 'c.svg', { type: 'image/svg+xml' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'd.jpg', { type: 'image/jpeg' });
    expect(checkImageFiles([png, pdf, svg, big], 0)).toEqual({
      accepted: [png],
      errors: [
        'b.pdf is not a JPEG, PNG, GIF or WebP image.',
        'c.svg is not a JPEG, PNG, GIF or WebP image.',
        'd.jpg is larger than 5 MB.',
      ],
    });
    expect(checkImageFiles([png, png], 7).accepted).toHaveLength(1);
  });

  it('says "keep none" with an empty keepImageUrls on edit', () => {
    const values = {
      name: 'X',
      maximumRetailPrice: 100,
      offerPrice: 90,
      divisionId: 1,
      manufacturerId: 2,
      saltCompositionId: 3,
      prescription: false,
      scheduleCode: undefined,
      maxUnitsPerOrder: null,
      isActive: false,
      dosageForm: null,
      strength: null,
      packSize: null,
      description: null,
      hsnCode: '3004',
      gstRate: 5 as const,
    };
    expect(
      productFormData(values, { files: [], keepImageUrls: [] }).getAll('keepImageUrls'),
    ).toEqual(['']);
    const kept = productFormData(values, { files: [], keepImageUrls: ['/a.png', '/b.png'] });
    expect(kept.getAll('keepImageUrls')).toEqual(['/a.png', '/b.png']);
    expect(kept.get('isActive')).toBe('false');
    expect(kept.get('dosageForm')).toBe('');
    // Issue 16: no limit is sent as empty text (it clears one); no schedule chosen, none sent.
    expect(kept.get('maxUnitsPerOrder')).toBe('');
    expect(kept.has('scheduleCode')).toBe(false);
    // Stock is kept in batches: an edit never carries a quantity (the server refuses one).
    expect(kept.has('quantity')).toBe(false);
    expect(kept.has('batchNumber')).toBe(false);
  });

  it('sends a new product with its opening stock, the optional details as empty text', () => {
    const form = productFormData(
      {
        name: 'X',
        maximumRetailPrice: 100,
        offerPrice: 90,
        divisionId: 1,
        manufacturerId: 2,
        saltCompositionId: 3,
        prescription: false,
        scheduleCode: 'OTC',
        maxUnitsPerOrder: 2,
        isActive: true,
        dosageForm: null,
        strength: null,
        packSize: null,
        description: null,
        hsnCode: '30049099',
        gstRate: 12,
        quantity: 40,
        batchNumber: 'DL2409A',
        expiryDate: '2030-06-30',
        supplier: null,
        invoiceReference: 'INV-77',
        purchasePrice: 41.5,
      },
      { files: [] },
    );
    expect(Object.fromEntries(form.entries())).toMatchObject({
      quantity: '40',
      batchNumber: 'DL2409A',
      expiryDate: '2030-06-30',
      supplier: '',
      invoiceReference: 'INV-77',
      purchasePrice: '41.5',
      scheduleCode: 'OTC',
      prescription: 'false',
      maxUnitsPerOrder: '2',
      hsnCode: '30049099',
      gstRate: '12',
    });
    expect(form.has('keepImageUrls')).toBe(false);
  });
});
