import { describe, expect, it } from 'vitest';
import {
  GST_RATES,
  GST_STATES,
  findGstState,
  gstInvoiceTotals,
  gstLine,
  isGstRate,
  splitInclusiveGst,
  splitTax,
  supplyType,
  type GstRate,
} from './gst';

describe('tax out of a tax-inclusive line (paise)', () => {
  it.each([
    // gross, rate, taxable, tax
    [0, 12, 0, 0],
    [10_000, 0, 10_000, 0],
    [10_500, 5, 10_000, 500], // exact at every slab
    [11_200, 12, 10_000, 1_200],
    [11_800, 18, 10_000, 1_800],
    [12_800, 28, 10_000, 2_800],
    [1, 5, 1, 0], // 0.048 paise of tax rounds to none
    [1, 28, 1, 0], // 0.22
    [5, 28, 4, 1], // 1.09
    [11, 18, 9, 2], // 1.68
    [14, 12, 12, 2], // exactly 1.5: half up
    [16, 28, 12, 4], // exactly 3.5: half up
    [9_999, 12, 8_928, 1_071], // 1071.32
    [10_000, 12, 8_929, 1_071], // 1071.43
    [17_325, 5, 16_500, 825], // 3 × ₹57.75
    [Number.MAX_SAFE_INTEGER, 18, 7_633_219_707_407_619, 1_373_979_547_333_372], // .5, no float error
    [Number.MAX_SAFE_INTEGER, 28, 7_036_874_417_766_399, 1_970_324_836_974_592],
  ] as const)('%d paise at %d%%: taxable %d, tax %d', (gross, rate, taxable, tax) => {
    expect(splitInclusiveGst(gross, rate)).toEqual({ taxable, tax });
  });

  it('adds up to the gross and is the nearest paisa, at every rate, for every gross to ₹30', () => {
    for (const rate of GST_RATES) {
      for (let gross = 0; gross <= 3_000; gross += 1) {
        const { taxable, tax } = splitInclusiveGst(gross, rate);
        expect(taxable + tax).toBe(gross);
        const exact = (gross * rate) / (100 + rate);
        expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5);
        if (Math.abs(tax - exact) === 0.5) expect(tax).toBeGreaterThan(exact);
      }
    }
  });

  it('takes the 40% slab of GST 2.0 out of a gross like the others', () => {
    expect(isGstRate(40)).toBe(true);
    // 14,000 × 40 / 140 = 4,000 exactly; 1 paisa × 40 / 140 = 0.2857… rounds to 0.
    expect(splitInclusiveGst(14_000, 40)).toEqual({ taxable: 10_000, tax: 4_000 });
    expect(splitInclusiveGst(1, 40)).toEqual({ taxable: 1, tax: 0 });
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'refuses a gross of %d paise',
    (gross) => {
      expect(() => splitInclusiveGst(gross, 5)).toThrow(RangeError);
    },
  );

  it.each([-5, 3, 7.5, 12.5, 41, 100, Number.NaN])('refuses a rate of %d%%', (rate) => {
    expect(isGstRate(rate)).toBe(false);
    expect(() => splitInclusiveGst(1_000, rate as GstRate)).toThrow(RangeError);
  });

  it.each([0, 5, 12, 18, 28])('accepts the %d%% slab', (rate) => {
    expect(isGstRate(rate)).toBe(true);
  });
});

describe('CGST + SGST within the State, IGST across', () => {
  it.each([
    // tax, supply, cgst, sgst, igst
    [0, 'intra_state', 0, 0, 0],
    [1, 'intra_state', 1, 0, 0], // odd paisa to CGST
    [2, 'intra_state', 1, 1, 0],
    [3, 'intra_state', 2, 1, 0],
    [1_071, 'intra_state', 536, 535, 0],
    [1_200, 'intra_state', 600, 600, 0],
    [0, 'inter_state', 0, 0, 0],
    [1, 'inter_state', 0, 0, 1],
    [1_071, 'inter_state', 0, 0, 1_071],
  ] as const)('%d paise %s: CGST %d, SGST %d, IGST %d', (tax, supply, cgst, sgst, igst) => {
    expect(splitTax(tax, supply)).toEqual({ cgst, sgst, igst });
    expect(cgst + sgst + igst).toBe(tax);
  });

  it.each([-1, 0.5])('refuses a tax of %d paise', (tax) => {
    expect(() => splitTax(tax, 'intra_state')).toThrow(RangeError);
  });

  it('prints a whole line', () => {
    expect(gstLine(10_000, 12, 'intra_state')).toEqual({
      rate: 12,
      gross: 10_000,
      taxable: 8_929,
      tax: 1_071,
      cgst: 536,
      sgst: 535,
      igst: 0,
    });
    expect(gstLine(10_000, 12, 'inter_state')).toEqual({
      rate: 12,
      gross: 10_000,
      taxable: 8_929,
      tax: 1_071,
      cgst: 0,
      sgst: 0,
      igst: 1_071,
    });
  });
});

describe('invoice tax summary', () => {
  it('has no rows and zero totals for no lines', () => {
    expect(gstInvoiceTotals([])).toEqual({
      byRate: [],
      total: { gross: 0, taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 },
    });
  });

  it('adds the lines per rate, lowest rate first, and the grand total is the sum of the grosses', () => {
    const lines = [
      gstLine(10_000, 12, 'intra_state'), // 8929 + 536 + 535
      gstLine(10_500, 5, 'intra_state'), // 10000 + 250 + 250
      gstLine(9_999, 12, 'intra_state'), // 8928 + 536 + 535
      gstLine(0, 18, 'intra_state'), // a free item still shows its rate
      gstLine(1, 5, 'intra_state'), // 1 + 0 + 0
    ];
    const totals = gstInvoiceTotals(lines);
    expect(totals.byRate).toEqual([
      { rate: 5, gross: 10_501, taxable: 10_001, tax: 500, cgst: 250, sgst: 250, igst: 0 },
      { rate: 12, gross: 19_999, taxable: 17_857, tax: 2_142, cgst: 1_072, sgst: 1_070, igst: 0 },
      { rate: 18, gross: 0, taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 },
    ]);
    expect(totals.total).toEqual({
      gross: 30_500,
      taxable: 27_858,
      tax: 2_642,
      cgst: 1_322,
      sgst: 1_320,
      igst: 0,
    });
    expect(totals.total.gross).toBe(10_000 + 10_500 + 9_999 + 0 + 1);
    expect(totals.total.taxable + totals.total.tax).toBe(totals.total.gross);
  });

  it('keeps each line rounded once: the sum of lines, not a re-rounding of the summed gross', () => {
    // Three lines of ₹0.11 at 18 %: 2 paise of tax each (1.68), 6 in all; the summed gross
    // (33 paise) taxed once would give 5 (5.03).
    const lines = [11, 11, 11].map((gross) => gstLine(gross, 18, 'inter_state'));
    const [row] = gstInvoiceTotals(lines).byRate;
    expect(row).toEqual({ rate: 18, gross: 33, taxable: 27, tax: 6, cgst: 0, sgst: 0, igst: 6 });
    expect(splitInclusiveGst(33, 18).tax).toBe(5);
  });

  it('gives a rate CGST one paisa more than SGST per odd-tax line', () => {
    // 5 paise at 28 %: 1 paisa of tax each, all to CGST.
    const lines = [5, 5, 5].map((gross) => gstLine(gross, 28, 'intra_state'));
    const [row] = gstInvoiceTotals(lines).byRate;
    expect(row).toMatchObject({ tax: 3, cgst: 3, sgst: 0 });
  });
});

describe('States and their GST codes', () => {
  it('lists 28 States and 8 Union territories, each code and name once', () => {
    expect(GST_STATES).toHaveLength(36);
    expect(GST_STATES.filter((state) => state.kind === 'state')).toHaveLength(28);
    expect(new Set(GST_STATES.map((state) => state.code)).size).toBe(36);
    expect(new Set(GST_STATES.map((state) => state.name)).size).toBe(36);
    for (const state of GST_STATES) expect(state.code).toMatch(/^\d{2}$/);
  });

  it.each([
    ['Karnataka', '29'],
    ['Maharashtra', '27'],
    ['Delhi', '07'],
    ['Jammu and Kashmir', '01'],
    ['Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['Telangana', '36'],
    ['Andhra Pradesh', '37'],
    ['Ladakh', '38'],
  ])('%s is %s', (name, code) => {
    expect(findGstState(name)?.code).toBe(code);
    expect(findGstState(code)?.name).toBe(name);
  });

  it.each([
    // written as, code
    ['karnataka', '29'],
    ['  KARNATAKA  ', '29'],
    ['Karnataka State', '29'],
    ['KA', '29'],
    ['29', '29'],
    [29, '29'],
    ['7', '07'],
    [7, '07'],
    ['07', '07'],
    ['New Delhi', '07'],
    ['NCT of Delhi', '07'],
    ['National Capital Territory of Delhi', '07'],
    ['Orissa', '21'],
    ['Pondicherry', '34'],
    ['Uttaranchal', '05'],
    ['J&K', '01'],
    ['Jammu & Kashmir', '01'],
    ['Daman & Diu', '26'],
    ['Dadra and Nagar Haveli', '26'],
    ['Dadra & Nagar Haveli & Daman & Diu', '26'],
    ['25', '26'], // Daman and Diu's code until 2020
    ['Andaman & Nicobar', '35'],
    ['Andaman and Nicobar Islands', '35'],
    ['Tamilnadu', '33'],
    ['Tamil-Nadu', '33'],
    ['Chattisgarh', '22'],
    ['Kerela', '32'],
    ['Lakshadweep Islands', '31'],
    ['Chandigarh UT', '04'],
    ['The Nilgiris', undefined], // a district, not a State
    ['Bengaluru', undefined],
    ['Delhi NCR', undefined], // Gurugram and Noida are in NCR too: no guessing
    ['', undefined],
    ['Atlantis', undefined],
    ['00', undefined],
    ['28', undefined], // undivided Andhra Pradesh: which of today's two?
    ['39', undefined],
    ['97', undefined], // Other Territory
    ['99', undefined], // Centre Jurisdiction
    ['029', undefined],
    ['2 9', undefined],
    [0, undefined],
    [-29, undefined],
    [29.5, undefined],
    [Number.NaN, undefined],
  ])('%j is %s', (input, code) => {
    expect(findGstState(input)?.code).toBe(code);
  });

  it.each([
    ['Delhi', 'SGST'], // UT with a legislature
    ['Puducherry', 'SGST'],
    ['Jammu and Kashmir', 'SGST'],
    ['Chandigarh', 'UTGST'],
    ['Ladakh', 'UTGST'],
    ['Lakshadweep', 'UTGST'],
    ['Andaman and Nicobar Islands', 'UTGST'],
    ['Dadra and Nagar Haveli and Daman and Diu', 'UTGST'],
    ['Karnataka', 'SGST'],
  ])('%s pairs CGST with %s', (name, stateTax) => {
    expect(findGstState(name)?.stateTax).toBe(stateTax);
  });
});

describe('intra- or inter-State supply', () => {
  it.each([
    // seller's State, delivery State, supply
    ['Karnataka', 'Karnataka', 'intra_state'],
    ['29', 'karnataka', 'intra_state'],
    [29, 'KA', 'intra_state'],
    ['Delhi', 'New Delhi', 'intra_state'],
    ['Karnataka', 'Maharashtra', 'inter_state'],
    ['Karnataka', 'Kerala', 'inter_state'],
    ['Telangana', 'Andhra Pradesh', 'inter_state'],
    ['Dadra and Nagar Haveli', 'Daman and Diu', 'intra_state'], // one UT since 2020
    ['Karnataka', 'Bengaluru', undefined],
    ['Atlantis', 'Karnataka', undefined],
  ] as const)('%s to %s: %s', (seller, delivery, expected) => {
    expect(supplyType(seller, delivery)).toBe(expected);
  });
});
