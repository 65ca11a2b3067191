import { formatMoney, fromMinorUnits } from '@pharmacy/shared';
import type { MailMessage } from '../../lib/mail';

export interface RefundMailInput {
  orderId: number;
  email: string;
  name: string;
  amountMinor: number;
  method: 'card' | 'payout';
  /** 'razorpay' pays back to whatever the customer paid with (UPI, card, bank, wallet). */
  provider: string;
  payoutChannel: 'upi' | 'bank_transfer' | null;
  payoutReference: string | null;
}

const CHANNEL_NAMES = { upi: 'UPI', bank_transfer: 'bank transfer' } as const;

/** The sentence the cancellation mail and the refund mail share. */
export function refundSentence(
  refund: Pick<
    RefundMailInput,
    'amountMinor' | 'method' | 'provider' | 'payoutChannel' | 'payoutReference'
  >,
  currencySymbol: string,
): string {
  const amount = formatMoney(fromMinorUnits(refund.amountMinor), currencySymbol);
  if (refund.method === 'card' && refund.provider === 'razorpay')
    return `We are refunding ${amount} to the UPI account, card, bank account or wallet you paid with; it usually shows within 5–7 working days.`;
  if (refund.method === 'card')
    return `We are refunding ${amount} to the card you paid with; banks usually show it within 5–7 working days.`;
  const channel = refund.payoutChannel ? CHANNEL_NAMES[refund.payoutChannel] : 'transfer';
  return `We have paid ${amount} back to you by ${channel} (reference ${refund.payoutReference ?? '—'}).`;
}

/** A refund on its own (a return or a damage report): what, how much, and where to follow it. */
export function refundMail(
  input: RefundMailInput,
  links: { publicUrl: string; shopName: string; currencySymbol: string },
): MailMessage {
  return {
    to: input.email,
    subject: `Your refund for order #${input.orderId}`,
    text: [
      `Hello ${input.name},`,
      '',
      refundSentence(input, links.currencySymbol),
      '',
      `Your order: ${links.publicUrl}/order/${input.orderId}`,
      '',
      links.shopName,
    ].join('\n'),
  };
}
