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
  links: { publicUrl: string; shopName: string; unsubscribeToken: string },
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
      `One click puts ${units} in your cart (sign in if asked):`,
      `${publicUrl}/refill/${to.reminderId}`,
      '',
      `You asked us to remind you ${refillIntervalLabel(to.intervalDays)}. Change, pause or delete the reminder in My Refills:`,
      `${publicUrl}/dashboard/refills`,
      '',
      'To stop these reminders for this medicine, open this link:',
      `${publicUrl}/unsubscribe?token=${token}`,
      '',
      links.shopName,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/refills/unsubscribe/one-click?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
