import { describe, expect, it } from 'vitest';
import {
  checkImageFiles,
  fieldOfServerMessage,
  productFormData,
  sanitizeNumberText,
} from './product-form';

describe('product form helpers', () => {
  it.each([
    ['12a3', false, '123'],
    ['1.5', false, '15'],
    ['-7', false, '7'],
    ['63.50', true, '63.50'],
    ['6.3.5', true, '6.35'],
    ['₹ 1,200.75', true, '1200.75'],
  ] as const)('strips %j (decimals %s) to %j', (value, decimals, expected) => {
    expect(sanitizeNumberText(value, decimals)).toBe(expected);
  });

  it("maps the server's 'field: message' to the field", () => {
    expect(fieldOfServerMessage('offerPrice: Offer Price must be less than MRP')).toEqual({
      field: 'offerPrice',
      message: 'Offer Price must be less than MRP',
    });
    expect(fieldOfServerMessage('image: photo.pdf is not a JPEG, PNG, GIF or WebP image.')).toBe(
      null,
    );
    expect(fieldOfServerMessage('Something went wrong')).toBe(null);
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
      quantity: 0,
      prescription: false,
      isActive: false,
      dosageForm: null,
      strength: null,
      packSize: null,
      description: null,
    };
    expect(
      productFormData(values, { files: [], keepImageUrls: [] }).getAll('keepImageUrls'),
    ).toEqual(['']);
    const kept = productFormData(values, { files: [], keepImageUrls: ['/a.png', '/b.png'] });
    expect(kept.getAll('keepImageUrls')).toEqual(['/a.png', '/b.png']);
    expect(kept.get('isActive')).toBe('false');
    expect(kept.get('dosageForm')).toBe('');
  });
});
