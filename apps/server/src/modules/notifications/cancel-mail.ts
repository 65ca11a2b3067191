import type { MailMessage } from '../../lib/mail';
import { refundSentence } from '../refunds/refund-mail';

export interface CancelMailInput {
  orderId: number;
  email: string;
  name: string;
  by: 'customer' | 'admin';
  reason: string;
  refund: {
    amountMinor: number;
    method: 'card' | 'payout';
    provider: string;
    payoutChannel: 'upi' | 'bank_transfer' | null;
    payoutReference: string | null;
  } | null;
  creditNoteNumber: string | null;
}

/** One mail says all of it: the order is cancelled, why, and what happens to the money. */
export function cancelMail(
  input: CancelMailInput,
  links: { publicUrl: string; shopName: string; currencySymbol: string },
): MailMessage {
  return {
    to: input.email,
    subject: `Order cancelled — order #${input.orderId}`,
    text: [
      `Hello ${input.name},`,
      '',
      input.by === 'customer'
        ? `As you asked, we have cancelled your order #${input.orderId} (${input.reason}).`
        : `We are sorry: the pharmacy has cancelled your order #${input.orderId} (${input.reason}).`,
      input.refund
        ? refundSentence(input.refund, links.currencySymbol)
        : 'Nothing was charged for this order, so there is nothing to refund.',
      ...(input.creditNoteNumber
        ? [
            `Credit note ${input.creditNoteNumber} cancels its tax invoice; it is on your order page.`,
          ]
        : []),
      '',
      `Your order: ${links.publicUrl}/order/${input.orderId}`,
      '',
      links.shopName,
    ].join('\n'),
  };
}
