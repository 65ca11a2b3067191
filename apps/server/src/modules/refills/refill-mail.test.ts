import { describe, expect, it } from 'vitest';
import { prescriptionCoverText, refillReminderMail } from './refill-mail';

const target = {
  reminderId: 7,
  email: 'asha@example.com',
  name: 'Asha',
  productName: 'Metformin 500',
  quantity: 2,
  intervalDays: 30,
  dueOn: '2026-12-01',
};
const links = { publicUrl: 'https://shop.example', shopName: 'Shop', unsubscribeToken: 't' };

describe('the refill reminder says when the prescription runs out (issue 31)', () => {
  it.each([
    [undefined, null],
    [{ requiresPrescription: false, validUntil: null, remainingUnits: 0 }, null],
    [
      { requiresPrescription: true, validUntil: '2027-05-30', remainingUnits: 8 },
      'Your saved prescription allows 8 more units until Sunday, 30 May 2027; after that you will need a new prescription.',
    ],
    [
      { requiresPrescription: true, validUntil: '2027-05-30', remainingUnits: 1 },
      'Your saved prescription allows 1 more unit until Sunday, 30 May 2027; after that you will need a new prescription.',
    ],
    [
      { requiresPrescription: true, validUntil: null, remainingUnits: 0 },
      'It needs a prescription, and none of your saved prescriptions covers it any more (expired or used up): please have a new one ready to upload.',
    ],
  ])('%j → %j', (cover, text) => {
    expect(prescriptionCoverText(cover)).toBe(text);
    const mail = refillReminderMail({ ...target, prescription: cover }, links);
    if (text) expect(mail.text).toContain(text);
    else expect(mail.text).not.toContain('prescription');
  });
});
