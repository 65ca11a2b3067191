import { describe, expect, it } from 'vitest';
import {
  cancelOrderFormSchema,
  cancelOrderInputSchema,
  changeOrderAddressFormSchema,
} from './after-sales';
import { couponFormSchema, orderDiscountsFormSchema, type CouponFormValues } from './coupons';
import { orderDeliveryDateFormSchema } from './order';
import { testCardFormSchema } from './payment';
import { prescriptionUploadFormSchema } from './prescription';
import { returnRefundFormSchema, returnRequestFormSchema } from './returns';

/** The first issue's field and message, or the parsed value. */
function outcome(result: {
  success: boolean;
  data?: unknown;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  if (result.success) return { ok: result.data };
  const issue = result.error!.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

const file = (name = 'a.jpg') => ({ name, size: 10, type: 'image/jpeg' });

describe('cancel form (the API rule in the form sentences)', () => {
  it.each([
    [
      { reasonCode: '', reasonText: '' },
      { path: 'reasonCode', message: 'Please choose a reason.' },
    ],
    [
      { reasonCode: 'other', reasonText: '   ' },
      { path: 'reasonText', message: 'Please tell us why you are cancelling.' },
    ],
    [
      { reasonCode: 'changed_mind', reasonText: 'x'.repeat(501) },
      { path: 'reasonText', message: 'Please keep the reason under 500 characters.' },
    ],
    [{ reasonCode: 'changed_mind', reasonText: '' }, { ok: { reasonCode: 'changed_mind' } }],
    [
      { reasonCode: 'other', reasonText: ' late ' },
      { ok: { reasonCode: 'other', reasonText: 'late' } },
    ],
  ])('%j → %j', (form, expected) => {
    expect(outcome(cancelOrderFormSchema.safeParse(form))).toEqual(expected);
  });

  it('keeps the API wording of the same sentences', () => {
    expect(outcome(cancelOrderInputSchema.safeParse({ reasonCode: 'nope' }))).toEqual({
      path: 'reasonCode',
      message: 'reasonCode: please choose a reason.',
    });
    expect(outcome(cancelOrderInputSchema.safeParse({ reasonCode: 'other' }))).toEqual({
      path: 'reasonText',
      message: 'reasonText: please tell us why you are cancelling.',
    });
  });
});

describe('change-address form', () => {
  const another = 'Please choose another address.';
  it.each([
    [3, '', { path: 'addressId', message: another }],
    [3, '3', { path: 'addressId', message: another }],
    [null, '', { path: 'addressId', message: another }],
    [3, '4', { ok: { addressId: 4 } }],
    [null, '4', { ok: { addressId: 4 } }],
  ])('current %s, chosen %j → %j', (current, chosen, expected) => {
    expect(outcome(changeOrderAddressFormSchema(current).safeParse({ addressId: chosen }))).toEqual(
      expected,
    );
  });
});

describe('coupon form (text read as couponInputSchema)', () => {
  const base: CouponFormValues = {
    code: 'save10',
    description: '',
    kind: 'percent',
    percentOff: '10',
    amountOff: '',
    maxDiscount: '',
    minOrderValue: '0',
    startsAt: '2026-11-01T10:00',
    endsAt: '',
    usageLimit: '',
    perCustomerLimit: '',
    divisionIds: [],
    productIds: '',
    excludePrescription: false,
    isActive: true,
  };

  it('gives the API coupon: code upper case, empty optional fields null', () => {
    const parsed = couponFormSchema.parse({ ...base, productIds: '4, 5 6', amountOff: '99' });
    expect(parsed).toMatchObject({
      code: 'SAVE10',
      description: null,
      percentOff: 10,
      amountOff: null, // only the chosen kind's amount is read
      maxDiscount: null,
      productIds: [4, 5, 6],
      endsAt: null,
    });
  });

  it.each([
    [{ code: 'h' }, 'code', 'Code must be 3 to 40 letters, digits, hyphens or underscores.'],
    [{ percentOff: '' }, 'percentOff', 'A percent coupon needs percentOff and no amountOff.'],
    [{ percentOff: '101' }, 'percentOff', 'Percent off must be a whole number from 1 to 100.'],
    [{ kind: 'fixed' as const }, 'amountOff', 'A fixed coupon needs amountOff and no percentOff.'],
    [
      { kind: 'fixed' as const, amountOff: '0.001' },
      'amountOff',
      'Amount off must be more than 0 with at most two decimals.',
    ],
    [
      { minOrderValue: '-1' },
      'minOrderValue',
      'Minimum order value must be 0 or more with at most two decimals.',
    ],
    [{ startsAt: '' }, 'startsAt', 'Starts at must be a date and time.'],
    [{ endsAt: '2026-10-01T10:00' }, 'endsAt', 'Ends at must be a date and time after it starts.'],
    [{ usageLimit: '0' }, 'usageLimit', 'Usage limit must be a whole number from 1.'],
    [{ productIds: '4, x' }, 'productIds.1', 'Ids must be whole numbers from 1.'],
  ])('%j → %s: %s', (change, path, message) => {
    expect(outcome(couponFormSchema.safeParse({ ...base, ...change }))).toEqual({ path, message });
  });
});

describe('discounts form at the payment step', () => {
  it.each([
    [
      true,
      { code: '', points: '' },
      { path: 'code', message: 'Enter a coupon code or the points to use.' },
    ],
    [false, { code: ' ', points: '' }, { path: 'code', message: 'Enter a coupon code.' }],
    [
      true,
      { code: '', points: '1.5' },
      { path: 'points', message: 'Choose a whole number of points to use.' },
    ],
    [
      true,
      { code: 'save10', points: '-3' },
      { path: 'points', message: 'Choose a whole number of points to use.' },
    ],
    [true, { code: ' save10 ', points: '' }, { ok: { couponCode: 'save10', points: null } }],
    [true, { code: '', points: '0' }, { ok: { couponCode: null, points: 0 } }],
    [true, { code: '', points: ' 40 ' }, { ok: { couponCode: null, points: 40 } }],
  ])('points offered %s, %j → %j', (pointsOffered, form, expected) => {
    expect(outcome(orderDiscountsFormSchema(pointsOffered).safeParse(form))).toEqual(expected);
  });
});

describe('test card form', () => {
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Asha' };
  it.each([
    [{ cardNumber: ' ' }, 'cardNumber', 'Your card number is incomplete.'],
    [{ expiry: '' }, 'expiry', "Your card's expiration date is incomplete."],
    [{ cvc: '' }, 'cvc', "Your card's security code is incomplete."],
    [{ name: '  ' }, 'name', 'Please enter the name on the card.'],
  ])('%j → %s: %s', (change, path, message) => {
    expect(outcome(testCardFormSchema.safeParse({ ...card, ...change }))).toEqual({
      path,
      message,
    });
  });

  it('sends the number without its spaces', () => {
    expect(testCardFormSchema.parse(card).cardNumber).toBe('4242424242424242');
  });
});

describe('prescription upload form', () => {
  it.each([
    [0, 'Choose at least one file first.'],
    [6, 'At most 5 files can be uploaded at once'],
  ])('%i files → %s', (count, message) => {
    const files = Array.from({ length: count }, (_, i) => file(`${i}.jpg`));
    expect(outcome(prescriptionUploadFormSchema.safeParse({ files, comment: '' }))).toEqual({
      path: 'files',
      message,
    });
  });

  it('takes one to five files and a comment up to 500 characters', () => {
    expect(prescriptionUploadFormSchema.safeParse({ files: [file()], comment: '' }).success).toBe(
      true,
    );
    expect(
      outcome(
        prescriptionUploadFormSchema.safeParse({ files: [file()], comment: 'x'.repeat(501) }),
      ),
    ).toEqual({ path: 'comment', message: 'Please keep the comment under 500 characters.' });
  });
});

describe('return request form', () => {
  const request = {
    kind: 'return' as const,
    reasonCode: 'not_needed',
    reasonText: '',
    lines: [
      { orderLineId: 1, units: 0 },
      { orderLineId: 2, units: 2 },
    ],
    photos: [],
  };

  it('sends only the lines with units', () => {
    expect(returnRequestFormSchema.parse(request)).toMatchObject({
      lines: [{ orderLineId: 2, units: 2 }],
      reasonText: null,
    });
  });

  it.each([
    [
      { lines: [{ orderLineId: 1, units: 0 }] },
      'lines',
      'Choose at least one item and how many units to send back.',
    ],
    [
      { kind: 'damage' as const, reasonCode: 'damaged' },
      'photos',
      'Please add at least one photo of the damaged or wrong item.',
    ],
    [{ reasonCode: 'nope' }, 'reasonCode', 'Please choose a reason from the list.'],
  ])('%j → %s: %s', (change, path, message) => {
    expect(outcome(returnRequestFormSchema.safeParse({ ...request, ...change }))).toEqual({
      path,
      message,
    });
  });

  it('takes a damage report with a photo', () => {
    const report = { ...request, kind: 'damage' as const, reasonCode: 'damaged', photos: [file()] };
    expect(returnRequestFormSchema.safeParse(report).success).toBe(true);
  });
});

describe('refund form', () => {
  const invalid = 'The refund must be a positive amount in rupees with at most two decimals.';
  it.each([
    [false, { amount: '120.50' }, { ok: { amount: 120.5 } }],
    [false, { amount: '' }, { path: 'amount', message: invalid }],
    [false, { amount: 'abc' }, { path: 'amount', message: invalid }],
    [false, { amount: '0' }, { path: 'amount', message: invalid }],
    [false, { amount: '1.005' }, { path: 'amount', message: invalid }],
    [
      true,
      { amount: '10', channel: 'upi', reference: 'UPI123456' },
      { ok: { amount: 10, payout: { channel: 'upi', reference: 'UPI123456' } } },
    ],
    [
      true,
      { amount: '10', channel: 'upi', reference: ' 12 ' },
      {
        path: 'reference',
        message: 'Please give the UPI or bank transfer reference of the payout.',
      },
    ],
  ])('payout %s, %j → %j', (withPayout, form, expected) => {
    const values = { channel: 'upi', reference: '', ...form };
    expect(outcome(returnRefundFormSchema(withPayout).safeParse(values))).toEqual(expected);
  });
});

describe('expected delivery date form', () => {
  it.each([
    ['2026-12-01', true],
    ['2026-02-30', false],
    ['', false],
    ['01/12/2026', false],
  ])('%j valid %s', (expectedDeliveryDate, valid) => {
    expect(orderDeliveryDateFormSchema.safeParse({ expectedDeliveryDate }).success).toBe(valid);
  });
});
