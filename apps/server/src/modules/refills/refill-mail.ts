import { refillDueText, refillIntervalLabel } from '@pharmacy/shared';
import type { MailMessage } from '../../lib/mail';

export interface RefillMailTarget {
  reminderId: number;
  email: string;
  name: string;
  productName: string;
  quantity: number;
  intervalDays: number;
  dueOn: string;
  /** Issue 31: until when a saved prescription covers it (prescription medicines only). */
  prescription?: {
    requiresPrescription: boolean;
    validUntil: string | null;
    remainingUnits: number;
  };
}

/** The reminder's sentence on the prescription: when it runs out, or that a new one is needed. */
export function prescriptionCoverText(cover: RefillMailTarget['prescription']): string | null {
  if (!cover?.requiresPrescription) return null;
  if (cover.validUntil === null)
    return 'It needs a prescription, and none of your saved prescriptions covers it any more (expired or used up): please have a new one ready to upload.';
  const units = `${cover.remainingUnits} more ${cover.remainingUnits === 1 ? 'unit' : 'units'}`;
  return `Your saved prescription allows ${units} until ${refillDueText(cover.validUntil)}; after that you will need a new prescription.`;
}

/**
 * The reminder mail: a one-click link that puts the refill in the cart (after sign-in), the page
 * to change the reminder, and an unsubscribe link that works without signing in. The same link
 * goes in List-Unsubscribe with List-Unsubscribe-Post (RFC 8058), so a mail client's own
 * 'Unsubscribe' button POSTs to it without opening anything; it points at the API, because a GET
 * of the page (which mail scanners prefetch) must never unsubscribe anyone.
 */
export function refillReminderMail(
  to: RefillMailTarget,
  links: {
    publicUrl: string;
    shopName: string;
    unsubscribeToken: string;
    /** Issue 32: a link that withdraws the consent to every refill reminder mail. */
    stopAllToken?: string;
  },
): MailMessage {
  const { publicUrl } = links;
  const token = encodeURIComponent(links.unsubscribeToken);
  const units = `${to.quantity} ${to.quantity === 1 ? 'unit' : 'units'}`;
  return {
    to: to.email,
    subject: `Time to refill ${to.productName}`,
    text: [
      `Hello ${to.name},`,
      '',
      `Your refill of ${to.productName} is due on ${refillDueText(to.dueOn)}.`,
      ...[prescriptionCoverText(to.prescription)].filter((line) => line !== null),
      `One click puts ${units} in your cart (sign in if asked):`,
      `${publicUrl}/refill/${to.reminderId}`,
      '',
      `You asked us to remind you ${refillIntervalLabel(to.intervalDays)}. Change, pause or delete the reminder in My Refills:`,
      `${publicUrl}/dashboard/refills`,
      '',
      'To stop these reminders for this medicine, open this link:',
      `${publicUrl}/unsubscribe?token=${token}`,
      '',
      ...(links.stopAllToken
        ? [
            'To stop all refill reminder e-mails, open this link:',
            `${publicUrl}/unsubscribe?token=${encodeURIComponent(links.stopAllToken)}`,
            '',
          ]
        : []),
      links.shopName,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/refills/unsubscribe/one-click?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
