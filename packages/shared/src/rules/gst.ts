/**
 * GST on a tax invoice (issue 18 part 3), in integer paise like every amount in the shop
 * (docs/decisions/0003-money-in-minor-units.md).
 *
 * A pharmacy's MRP and offer price already include GST (the Legal Metrology (Packaged
 * Commodities) Rules 2011 make the retail sale price "inclusive of all taxes"), so the invoice
 * works backwards from what the customer paid: the taxable value is the line's gross amount
 * without the tax in it (CGST Act s.15), and the tax is the rest. Rule 46 of the CGST Rules asks
 * the invoice for the taxable value (46(j)), the rate (46(k)) and the amount of tax (46(l)) per
 * line, as central and State tax within one State or integrated tax across States (IGST Act
 * ss.7-8), and the place of supply with the State's name (46(m)).
 */

/**
 * The GST slabs a line may carry, in percent, as the issue lists them. Note: the rate
 * rationalisation of 22 September 2025 moved most medicines to 5 % (some to 0 %) and emptied the
 * 12 % and 28 % slabs for most goods; they stay accepted here for older invoices and a product
 * table not yet re-rated. 40 % (luxury and sin goods) is not a rate a pharmacy sells at.
 */
/**
 * The GST slabs for goods. Since 22 September 2025 most medicines are at 5% and the 12% and 28%
 * slabs are being retired; they stay here because invoices and credit notes of earlier sales
 * still carry them. 40% is the new slab for sin goods, which a pharmacy should never sell.
 */
export const GST_RATES = [0, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/**
 * What a new product gets unless the admin says otherwise: HSN 3004 (medicaments in measured
 * doses for retail sale), the heading of almost everything a pharmacy sells, at 5%.
 */
export const DEFAULT_HSN_CODE = '3004';
export const DEFAULT_GST_RATE: GstRate = 5;
/** An HSN code is a 4-, 6- or 8-digit number (turnover-based digits of Notification 78/2020). */
export const HSN_CODE_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

export function isGstRate(rate: number): rate is GstRate {
  return (GST_RATES as readonly number[]).includes(rate);
}

/**
 * Within the seller's State the tax is split into CGST + SGST (or UTGST); a supply to another
 * State carries IGST (IGST Act s.7(1), s.8(1)).
 */
export type SupplyType = 'intra_state' | 'inter_state';

/** The amounts of a line, of one rate's summary row, or of the whole invoice, in paise. */
export interface GstAmounts {
  /** What the customer pays: price × units after any discount, tax included. */
  gross: number;
  /** gross − tax (CGST Act s.15: the value of supply, tax excluded). */
  taxable: number;
  /** cgst + sgst + igst. */
  tax: number;
  cgst: number;
  /** State tax, printed as UTGST in a Union territory without a legislature (see GstState). */
  sgst: number;
  igst: number;
}

export interface GstLine extends GstAmounts {
  rate: GstRate;
}

/** One row of the invoice's tax summary: every line at this rate, added up. */
export interface GstRateSummary extends GstAmounts {
  rate: GstRate;
}

export interface GstInvoiceTotals {
  /** One row per rate present on the invoice, lowest rate first. */
  byRate: GstRateSummary[];
  /** The whole invoice; total.gross is the grand total, the sum of the line grosses. */
  total: GstAmounts;
}

function assertPaise(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of paise: ${amount}`);
  }
}

function assertRate(rate: number): asserts rate is GstRate {
  if (!isGstRate(rate)) {
    throw new RangeError(`GST rate must be one of ${GST_RATES.join(', ')} percent: ${rate}`);
  }
}

/**
 * Takes the GST out of a tax-inclusive amount: tax = gross × rate / (100 + rate), rounded once,
 * half up, to the paisa; taxable = gross − tax, so the two always add up to what was paid.
 * Rounding the tax (not the taxable value) half up means a tie never under-states the tax.
 * Integer arithmetic in BigInt: no float error even at Number.MAX_SAFE_INTEGER paise.
 */
export function splitInclusiveGst(
  grossPaise: number,
  rate: GstRate,
): { taxable: number; tax: number } {
  assertPaise(grossPaise, 'Gross amount');
  assertRate(rate);
  const gross = BigInt(grossPaise);
  const divisor = BigInt(100 + rate);
  // floor((gross × rate) / divisor + 1/2), all in integers.
  const tax = Number((2n * gross * BigInt(rate) + divisor) / (2n * divisor));
  return { taxable: grossPaise - tax, tax };
}

/**
 * Splits a line's tax by the kind of supply. Within a State, CGST and SGST are equal halves
 * (each at half the rate); when the tax is an odd number of paise the halves cannot be equal and
 * the law names no rule, so CGST takes the extra paisa: it is the first of the pair on the
 * invoice (Rule 46(k)-(l) name central tax first), the choice is the same for every line, and
 * cgst + sgst stays exactly the tax.
 */
export function splitTax(
  taxPaise: number,
  supply: SupplyType,
): { cgst: number; sgst: number; igst: number } {
  assertPaise(taxPaise, 'Tax');
  if (supply === 'inter_state') return { cgst: 0, sgst: 0, igst: taxPaise };
  const sgst = Math.floor(taxPaise / 2);
  return { cgst: taxPaise - sgst, sgst, igst: 0 };
}

/** Everything the invoice prints for one line, rounded once: taxable + tax = gross exactly. */
export function gstLine(grossPaise: number, rate: GstRate, supply: SupplyType): GstLine {
  const { taxable, tax } = splitInclusiveGst(grossPaise, rate);
  return { rate, gross: grossPaise, taxable, tax, ...splitTax(tax, supply) };
}

function zeroAmounts(): GstAmounts {
  return { gross: 0, taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 };
}

function addInto(sum: GstAmounts, line: GstAmounts): void {
  sum.gross += line.gross;
  sum.taxable += line.taxable;
  sum.tax += line.tax;
  sum.cgst += line.cgst;
  sum.sgst += line.sgst;
  sum.igst += line.igst;
}

/**
 * The invoice's tax summary: the lines added up per rate, and in total, with no rounding of its
 * own (each line was rounded once), so every summary row is the sum of the lines above it and
 * the grand total is the sum of what the customer paid per line. Because each line gives its odd
 * paisa to CGST, a rate's CGST may exceed its SGST by as many paise as it has odd-tax lines.
 */
export function gstInvoiceTotals(lines: readonly GstLine[]): GstInvoiceTotals {
  const perRate = new Map<GstRate, GstRateSummary>();
  const total = zeroAmounts();
  for (const line of lines) {
    let row = perRate.get(line.rate);
    if (!row) {
      row = { rate: line.rate, ...zeroAmounts() };
      perRate.set(line.rate, row);
    }
    addInto(row, line);
    addInto(total, line);
  }
  const byRate = [...perRate.values()].sort((a, b) => a.rate - b.rate);
  return { byRate, total };
}

/**
 * A State or Union territory as GST knows it: the two-digit code is the one GSTN assigns (and the
 * first two characters of every GSTIN); Rule 46 prints the place of supply as name and code.
 */
export interface GstState {
  code: string;
  name: string;
  kind: 'state' | 'union_territory';
  /**
   * The tax that pairs with CGST within it. A Union territory without a legislature levies UTGST
   * (UTGST Act 2017; CGST Act s.2(114)); Delhi, Puducherry and Jammu and Kashmir have one and
   * count as States (s.2(103)), so they levy SGST.
   */
  stateTax: 'SGST' | 'UTGST';
}

/**
 * The States and Union territories with their GST codes (GSTN's state code list), 28 States and
 * 8 Union territories. Retired codes are left out: 25 (Daman and Diu, merged into 26 in 2020;
 * still read as 26 below) and 28 (Andhra Pradesh before Telangana was formed in 2014: it cannot
 * say which of today's two it means). 97 (Other Territory: offshore areas) and 99 (Centre
 * Jurisdiction) are not places a parcel is delivered to.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir', kind: 'union_territory', stateTax: 'SGST' },
  { code: '02', name: 'Himachal Pradesh', kind: 'state', stateTax: 'SGST' },
  { code: '03', name: 'Punjab', kind: 'state', stateTax: 'SGST' },
  { code: '04', name: 'Chandigarh', kind: 'union_territory', stateTax: 'UTGST' },
  { code: '05', name: 'Uttarakhand', kind: 'state', stateTax: 'SGST' },
  { code: '06', name: 'Haryana', kind: 'state', stateTax: 'SGST' },
  { code: '07', name: 'Delhi', kind: 'union_territory', stateTax: 'SGST' },
  { code: '08', name: 'Rajasthan', kind: 'state', stateTax: 'SGST' },
  { code: '09', name: 'Uttar Pradesh', kind: 'state', stateTax: 'SGST' },
  { code: '10', name: 'Bihar', kind: 'state', stateTax: 'SGST' },
  { code: '11', name: 'Sikkim', kind: 'state', stateTax: 'SGST' },
  { code: '12', name: 'Arunachal Pradesh', kind: 'state', stateTax: 'SGST' },
  { code: '13', name: 'Nagaland', kind: 'state', stateTax: 'SGST' },
  { code: '14', name: 'Manipur', kind: 'state', stateTax: 'SGST' },
  { code: '15', name: 'Mizoram', kind: 'state', stateTax: 'SGST' },
  { code: '16', name: 'Tripura', kind: 'state', stateTax: 'SGST' },
  { code: '17', name: 'Meghalaya', kind: 'state', stateTax: 'SGST' },
  { code: '18', name: 'Assam', kind: 'state', stateTax: 'SGST' },
  { code: '19', name: 'West Bengal', kind: 'state', stateTax: 'SGST' },
  { code: '20', name: 'Jharkhand', kind: 'state', stateTax: 'SGST' },
  { code: '21', name: 'Odisha', kind: 'state', stateTax: 'SGST' },
  { code: '22', name: 'Chhattisgarh', kind: 'state', stateTax: 'SGST' },
  { code: '23', name: 'Madhya Pradesh', kind: 'state', stateTax: 'SGST' },
  { code: '24', name: 'Gujarat', kind: 'state', stateTax: 'SGST' },
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    kind: 'union_territory',
    stateTax: 'UTGST',
  },
  { code: '27', name: 'Maharashtra', kind: 'state', stateTax: 'SGST' },
  { code: '29', name: 'Karnataka', kind: 'state', stateTax: 'SGST' },
  { code: '30', name: 'Goa', kind: 'state', stateTax: 'SGST' },
  { code: '31', name: 'Lakshadweep', kind: 'union_territory', stateTax: 'UTGST' },
  { code: '32', name: 'Kerala', kind: 'state', stateTax: 'SGST' },
  { code: '33', name: 'Tamil Nadu', kind: 'state', stateTax: 'SGST' },
  { code: '34', name: 'Puducherry', kind: 'union_territory', stateTax: 'SGST' },
  {
    code: '35',
    name: 'Andaman and Nicobar Islands',
    kind: 'union_territory',
    stateTax: 'UTGST',
  },
  { code: '36', name: 'Telangana', kind: 'state', stateTax: 'SGST' },
  { code: '37', name: 'Andhra Pradesh', kind: 'state', stateTax: 'SGST' },
  { code: '38', name: 'Ladakh', kind: 'union_territory', stateTax: 'UTGST' },
];

/**
 * Other ways people write a State in an address (normalised as in `normaliseStateName`): old
 * names, short forms, and the two-letter ISO 3166-2:IN codes before and after their 2023 update.
 */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  // Jammu and Kashmir
  jk: '01',
  'j and k': '01',
  'jammu kashmir': '01',
  // Uttarakhand
  uttaranchal: '05',
  uk: '05',
  ut: '05',
  // Delhi
  'new delhi': '07',
  'nct of delhi': '07',
  'national capital territory of delhi': '07',
  dl: '07',
  // Others by ISO code or common spelling
  hp: '02',
  pb: '03',
  ch: '04',
  hr: '06',
  rj: '08',
  up: '09',
  br: '10',
  sk: '11',
  ar: '12',
  nl: '13',
  mn: '14',
  mz: '15',
  tr: '16',
  ml: '17',
  as: '18',
  wb: '19',
  jh: '20',
  orissa: '21',
  or: '21',
  od: '21',
  chattisgarh: '22',
  chhatisgarh: '22',
  ct: '22',
  cg: '22',
  mp: '23',
  gj: '24',
  gujrat: '24',
  // Dadra and Nagar Haveli and Daman and Diu (merged 26 January 2020)
  'dadra and nagar haveli': '26',
  'daman and diu': '26',
  'dnh and dd': '26',
  dnhdd: '26',
  dh: '26',
  dn: '26',
  dd: '26',
  mh: '27',
  ka: '29',
  ga: '30',
  'lakshadweep islands': '31',
  ld: '31',
  kl: '32',
  kerela: '32',
  tamilnadu: '33',
  tn: '33',
  pondicherry: '34',
  pondichery: '34',
  py: '34',
  'andaman and nicobar': '35',
  'andaman nicobar islands': '35',
  'a and n islands': '35',
  an: '35',
  telengana: '36',
  ts: '36',
  tg: '36',
  ap: '37',
  la: '38',
};

/** Lower case, '&' read as 'and', punctuation as spaces, one space between words. */
function normaliseStateName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '')
    .replace(/ (state|ut|union territory)$/, '');
}

const STATES_BY_CODE = new Map(GST_STATES.map((state) => [state.code, state]));
const STATES_BY_NAME = new Map<string, GstState>([
  ...GST_STATES.map((state): [string, GstState] => [normaliseStateName(state.name), state]),
  ...Object.entries(STATE_ALIASES).flatMap(([alias, code]): [string, GstState][] => {
    const state = STATES_BY_CODE.get(code);
    return state ? [[alias, state]] : [];
  }),
]);

/**
 * The State of an address's state field or of a GST code: 'Karnataka', 'karnataka', 'Orissa',
 * 'J&K', 'KA', '29', '7' and 7 all resolve; the retired code 25 reads as 26. Undefined when the
 * text names no State or Union territory (a city, a typo, a retired or unknown code).
 */
export function findGstState(nameOrCode: string | number): GstState | undefined {
  if (typeof nameOrCode === 'number') {
    if (!Number.isInteger(nameOrCode) || nameOrCode < 1 || nameOrCode > 99) return undefined;
    return findGstState(String(nameOrCode));
  }
  const text = nameOrCode.trim();
  if (/^\d{1,2}$/.test(text)) {
    const code = text.padStart(2, '0');
    return STATES_BY_CODE.get(code === '25' ? '26' : code);
  }
  return STATES_BY_NAME.get(normaliseStateName(text));
}

/**
 * Intra- or inter-State: for goods delivered to the buyer the place of supply is where the
 * delivery ends (IGST Act s.10(1)(a)), so the delivery address's State is compared with the State
 * the seller is registered in. Undefined when either is not a recognised State: without a place
 * of supply there is no tax invoice to make.
 */
export function supplyType(
  sellerState: string | number,
  deliveryState: string | number,
): SupplyType | undefined {
  const seller = findGstState(sellerState);
  const placeOfSupply = findGstState(deliveryState);
  if (!seller || !placeOfSupply) return undefined;
  return seller.code === placeOfSupply.code ? 'intra_state' : 'inter_state';
}
