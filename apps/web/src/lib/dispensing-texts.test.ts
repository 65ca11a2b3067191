import { describe, expect, it } from 'vitest';
import { NOT_SOLD_ONLINE_NOTE, notSoldOnlineMessage, orderLimitMessage } from '@pharmacy/shared';
import { NOT_SOLD_ONLINE_TEXT, notSoldOnlineText, orderLimitText } from './dispensing-texts';

describe('dispensing texts', () => {
  it('are the shared issue 16 sentences', () => {
    expect(NOT_SOLD_ONLINE_TEXT).toBe(NOT_SOLD_ONLINE_NOTE);
    expect(notSoldOnlineText('Ritalin 10 Tablet')).toBe(notSoldOnlineMessage('Ritalin 10 Tablet'));
    for (const limit of [1, 2, 10]) {
      expect(orderLimitText('Benadryl', limit)).toBe(orderLimitMessage('Benadryl', limit));
    }
  });
});
