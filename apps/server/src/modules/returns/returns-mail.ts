import type { MailMessage } from '../../lib/mail';

export interface ReturnMailTarget {
  requestId: number;
  orderId: number;
  kind: 'return' | 'damage';
  email: string;
  name: string;
}

export type ReturnMailStep =
  | { step: 'requested'; items: string[] }
  | { step: 'approved' }
  | { step: 'rejected'; reason: string }
  | { step: 'received' }
  | { step: 'replaced'; note: string | null };

const what = (kind: ReturnMailTarget['kind']) =>
  kind === 'return' ? 'return request' : 'report of damaged or wrong items';

function body(to: ReturnMailTarget, step: ReturnMailStep): { subject: string; lines: string[] } {
  const ref = `order #${to.orderId}`;
  switch (step.step) {
    case 'requested':
      return {
        subject: `We received your ${what(to.kind)} for ${ref}`,
        lines: [
          `We received your ${what(to.kind)} for ${ref}:`,
          ...step.items.map((item) => `  - ${item}`),
          '',
          'Our pharmacist will look at it and reply by e-mail, usually within one working day.',
        ],
      };
    case 'approved':
      return {
        subject: `Your ${what(to.kind)} for ${ref} is approved`,
        lines: [
          `Your ${what(to.kind)} for ${ref} is approved.`,
          to.kind === 'return'
            ? 'Please keep the unopened items in their original packaging; we will contact you to arrange their collection. Your refund follows once we receive them.'
            : 'Please keep the items; we will contact you to arrange their collection, and we will refund or replace them once they are back with us.',
        ],
      };
    case 'rejected':
      return {
        subject: `Your ${what(to.kind)} for ${ref} could not be accepted`,
        lines: [
          `We are sorry: your ${what(to.kind)} for ${ref} could not be accepted.`,
          `Reason: ${step.reason}`,
          '',
          'If you have questions, reply to this e-mail or write to us from the Contact page.',
        ],
      };
    case 'received':
      return {
        subject: `We received the items of ${ref}`,
        lines: [
          `The items of your ${what(to.kind)} for ${ref} are back with us.`,
          'Your refund or replacement follows shortly; we will e-mail you when it is on its way.',
        ],
      };
    case 'replaced':
      return {
        subject: `A replacement for ${ref} is on its way`,
        lines: [
          `We are sending you a replacement for the items of ${ref}.`,
          ...(step.note ? [step.note] : []),
        ],
      };
  }
}

/** The customer's mail for each step of a return or damage report (queued in that step's transaction). */
export function returnStepMail(
  to: ReturnMailTarget,
  step: ReturnMailStep,
  links: { publicUrl: string; shopName: string },
): MailMessage {
  const { subject, lines } = body(to, step);
  return {
    to: to.email,
    subject,
    text: [
      `Hello ${to.name},`,
      '',
      ...lines,
      '',
      `Follow your request on the order page: ${links.publicUrl}/order/${to.orderId}`,
      '',
      links.shopName,
    ].join('\n'),
  };
}
