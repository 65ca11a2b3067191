/**
 * The invoice total in words (issue 18 part 3), as Indian invoices and cheques write it: in the
 * Indian numbering system (thousand, lakh = 1,00,000, crore = 1,00,00,000), so 12,34,567 reads
 * "Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven".
 *
 * The style, the same everywhere:
 * - every word capitalised, tens and units joined by a hyphen with both parts capitalised
 *   ("Thirty-Four", "Ninety-Nine"); no "and" inside a number ("One Hundred One");
 * - "Lakh" and "Crore" never take a plural ("Two Lakh", "Five Crore");
 * - above 99 crore the number of crores is itself read in lakh and thousand
 *   ("One Lakh Crore"), not with the rare arab/kharab;
 * - "Rupees <words>", singular "Rupee One"; then "and <words> Paise", singular "One Paisa";
 *   no rupee part when there are only paise ("Fifty Paise Only"); zero is "Rupees Zero Only";
 * - always ending in "Only", so that nothing can be written after the amount.
 */

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;

const TENS = [
  '',
  '',
  'Twenty',
  'Thirty',
  'Forty',
  'Fifty',
  'Sixty',
  'Seventy',
  'Eighty',
  'Ninety',
] as const;

function word(list: readonly string[], index: number): string {
  const found = list[index];
  if (found === undefined) throw new RangeError(`No word for ${index}`);
  return found;
}

/** 0–99: "Seven", "Nineteen", "Forty", "Thirty-Four". */
function belowHundred(n: number): string {
  if (n < 20) return word(UNITS, n);
  const units = n % 10;
  const tens = word(TENS, Math.floor(n / 10));
  return units === 0 ? tens : `${tens}-${word(UNITS, units)}`;
}

/** 1–999: "Five Hundred Sixty-Seven". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${word(UNITS, hundreds)} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number in words in the Indian system: 0 → "Zero", 1,00,000 → "One Lakh",
 * 1,01,01,010 → "One Crore One Lakh One Thousand Ten". Any safe non-negative integer.
 */
export function integerInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`Expected a whole, non-negative number: ${n}`);
  }
  if (n === 0) return 'Zero';
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  const parts: string[] = [];
  if (crores > 0) parts.push(`${integerInIndianWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * An amount of paise in words for the invoice (Rule 46 does not require it; Indian invoices
 * carry it by custom, and the issue asks for it): 123456789 → "Rupees Twelve Lakh Thirty-Four
 * Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only".
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`Amount must be a whole, non-negative number of paise: ${paise}`);
  }
  if (paise === 0) return 'Rupees Zero Only';
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const parts: string[] = [];
  if (rupees > 0) {
    parts.push(`${rupees === 1 ? 'Rupee' : 'Rupees'} ${integerInIndianWords(rupees)}`);
  }
  if (rest > 0) parts.push(`${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`);
  return `${parts.join(' and ')} Only`;
}
