import { describe, expect, it } from 'vitest';
import { amountInWords, integerInIndianWords } from './amount-in-words';

describe('whole numbers in the Indian system', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [10, 'Ten'],
    [15, 'Fifteen'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [21, 'Twenty-One'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [110, 'One Hundred Ten'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1_000, 'One Thousand'],
    [1_001, 'One Thousand One'],
    [10_000, 'Ten Thousand'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [1_00_001, 'One Lakh One'],
    [2_00_000, 'Two Lakh'],
    [12_34_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [99_99_999, 'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_00_000, 'One Crore'],
    [1_01_01_010, 'One Crore One Lakh One Thousand Ten'],
    [5_00_00_000, 'Five Crore'],
    [100_00_00_000, 'One Hundred Crore'],
    [1_00_000_00_00_000, 'One Lakh Crore'],
  ])('%d: %s', (n, words) => {
    expect(integerInIndianWords(n)).toBe(words);
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %d', (n) => {
    expect(() => integerInIndianWords(n)).toThrow(RangeError);
  });
});

describe('an amount of paise in words', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'One Paisa Only'],
    [2, 'Two Paise Only'],
    [50, 'Fifty Paise Only'],
    [99, 'Ninety-Nine Paise Only'],
    [100, 'Rupee One Only'],
    [101, 'Rupee One and One Paisa Only'],
    [150, 'Rupee One and Fifty Paise Only'],
    [200, 'Rupees Two Only'],
    [201, 'Rupees Two and One Paisa Only'],
    [11_200, 'Rupees One Hundred Twelve Only'],
    [17_325, 'Rupees One Hundred Seventy-Three and Twenty-Five Paise Only'],
    [1_00_000_00, 'Rupees One Lakh Only'],
    [
      123_456_789,
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only',
    ],
    [
      99_99_999_99,
      'Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    [1_00_00_000_00, 'Rupees One Crore Only'], // 1,00,00,000 rupees
    [1_00_00_000_01, 'Rupees One Crore and One Paisa Only'],
    [1_00_00_001_00, 'Rupees One Crore One Only'],
    [
      99_99_99_99_999_00, // 99,99,99,99,999 rupees
      'Rupees Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand' +
        ' Nine Hundred Ninety-Nine Only',
    ],
    [
      99_99_99_99_999_99,
      'Rupees Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand' +
        ' Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    [
      Number.MAX_SAFE_INTEGER, // 9,00,71,99,25,47,409.91 rupees
      'Rupees Ninety Lakh Seven Thousand One Hundred Ninety-Nine Crore Twenty-Five Lakh' +
        ' Forty-Seven Thousand Four Hundred Nine and Ninety-One Paise Only',
    ],
  ])('%d paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it.each([-1, -100, 0.5, 100.25, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses %d paise',
    (paise) => {
      expect(() => amountInWords(paise)).toThrow(RangeError);
    },
  );
});
