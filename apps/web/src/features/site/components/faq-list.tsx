import { ChevronDown, Clock, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  LOYALTY_TEXTS,
  LIMITS,
  POLICY,
  codAboveLimitText,
  daysText,
  formatMoney,
  hoursText,
  paymentMethodsSentence,
  type ShopSettings,
} from '@pharmacy/shared';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useShopSettings } from '../../../lib/shop-settings';
import { telHref } from '../../../lib/tel-href';

export interface Faq {
  question: string;
  answer: ReactNode;
}

function FaqLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="font-semibold text-brand-700 underline-offset-4 hover:underline" to={to}>
      {children}
    </Link>
  );
}

/**
 * Issue 28: the methods this shop's provider really takes, when online payment is offered, and
 * the cash-on-delivery maximum when there is one.
 */
export function paymentMethodsAnswer({ payments, currencySymbol }: ShopSettings): string {
  const online = payments.online === 'razorpay' ? 'Online payment' : 'Card payment';
  const max = payments.codMaxOrderValue;
  return [
    `You can pay by ${paymentMethodsSentence(payments.online)}.`,
    `${online} is offered for orders above ${formatMoney(LIMITS.cardPaymentAbove, currencySymbol)}.`,
    max === null ? null : codAboveLimitText(Math.round(max * 100), currencySymbol),
  ]
    .filter((sentence) => sentence !== null)
    .join(' ');
}

/**
 * Spec §1 FAQ, issue 19: every promise points to the feature that keeps it, with the figures the
 * server is configured with (the build's POLICY until the settings answer). Also the FAQ page's
 * structured data (issue 30: faqPageJsonLd), so it always says what the page shows.
 */
export function faqs(settings: ShopSettings): Faq[] {
  const { supportEmail, afterSales, loyalty, payments } = settings;
  // Razorpay refunds go back the way the customer paid, not only to a card.
  const refundedTo = payments.online === 'razorpay' ? 'the way you paid online' : 'your card';
  const onlinePayment = payments.online === 'razorpay' ? 'an online payment' : 'a card payment';
  const { rupeesText } = LOYALTY_TEXTS;
  const myOrders = <FaqLink to={paths.dashboard.orders.getHref()}>My Orders</FaqLink>;
  return [
    {
      question: 'What is your return policy?',
      answer: (
        <>
          Open the delivered order in {myOrders} and choose Return items within{' '}
          {daysText(afterSales.returnDays)} of delivery. Unopened products in their original
          packaging are refunded in full; for everyone&apos;s safety, opened medicines and products
          that need cold storage cannot be returned, and the form says which. The refund goes back
          to {refundedTo}, or for cash on delivery by UPI or bank transfer.
        </>
      ),
    },
    {
      question: 'How can I track my order?',
      answer:
        'Sign in and open Orders from your account menu. Every order shows its current status and its expected delivery date, and we update it as your order moves.',
    },
    {
      question: 'Do you ship abroad?',
      answer:
        'Not at the moment. We deliver to addresses in India only, because the sale of medicines is regulated country by country.',
    },
    {
      question: 'Which payment methods do you accept?',
      answer: paymentMethodsAnswer(settings),
    },
    {
      question: 'When is customer support available?',
      answer: `Our support team is available ${POLICY.supportHours}, by e-mail and by phone.`,
    },
    {
      question: 'Do you offer discounts on bulk orders?',
      answer: `Yes. Clinics, care homes and anyone ordering in bulk can write to ${supportEmail} for a quote with a bulk discount.`,
    },
    {
      question: 'Can I change or cancel my order?',
      answer: (
        <>
          Yes. Open the order in {myOrders} and choose Cancel order within{' '}
          {hoursText(afterSales.changeOrCancelHours)} of placing it, as long as it has not been
          dispatched; {onlinePayment} is refunded in full. You can change the delivery address there
          too until the order is packed.
        </>
      ),
    },
    {
      question: 'What if my order arrives damaged?',
      answer: `Report damaged or wrong items from the order page within ${hoursText(afterSales.damageReportHours)} of delivery, with a photo; we will replace them or refund you.`,
    },
    {
      question: 'How do I create an account?',
      answer:
        'Choose Login at the top of the page, then Sign Up, and enter your name, e-mail address, phone number and a password.',
    },
    {
      question: 'I forgot my password. How do I reset it?',
      answer:
        "On the login page choose 'Forgot Password?' and enter your e-mail address. We send you a link to choose a new password; it works once and expires after one hour.",
    },
    {
      question: 'How do I change my account settings?',
      answer:
        'Sign in and open Settings from the account menu to change your name, e-mail address, phone number, password and saved delivery addresses.',
    },
    {
      question: 'Do you have a loyalty programme?',
      answer: (
        <>
          Yes. Every delivered order earns points (1 for every {rupeesText(loyalty.earnPerMinor)}{' '}
          paid); spend them at the payment step, up to {loyalty.maxRedeemPercent}% of an order; they
          expire after {loyalty.expiryMonths === 1 ? '1 month' : `${loyalty.expiryMonths} months`}.
          See them on your <FaqLink to={paths.dashboard.rewards.getHref()}>Rewards page</FaqLink>.
        </>
      ),
    },
  ];
}

export function FaqList() {
  const settings = useShopSettings();
  return (
    <div className="flex flex-col gap-3">
      {faqs(settings).map((faq) => (
        <details
          key={faq.question}
          className="group rounded-xl border border-slate-200 bg-white open:shadow-sm"
        >
          <summary className="flex list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-base font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            {faq.question}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="px-5 pb-5 text-base text-slate-700">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}

/** Spec §1: the FAQ page shows a support e-mail and phone. */
export function SupportContactCard({ showContactLink = true }: { showContactLink?: boolean }) {
  const { supportEmail, supportPhone } = useShopSettings();
  return (
    <Card className="flex flex-col gap-4 p-6">
      <h2 className="text-xl font-semibold text-slate-900">Still have a question?</h2>
      <ul className="flex flex-col gap-3 text-base">
        <li className="flex items-center gap-3">
          <Mail aria-hidden="true" className="size-5 text-brand-700" />
          <span className="sr-only">E-mail: </span>
          <a
            className="text-brand-700 underline-offset-4 hover:underline"
            href={`mailto:${supportEmail}`}
          >
            {supportEmail}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <Phone aria-hidden="true" className="size-5 text-brand-700" />
          <span className="sr-only">Phone: </span>
          <a
            className="text-brand-700 underline-offset-4 hover:underline"
            href={telHref(supportPhone)}
          >
            {supportPhone}
          </a>
        </li>
        <li className="flex items-center gap-3 text-slate-700">
          <Clock aria-hidden="true" className="size-5 text-brand-700" />
          {POLICY.supportHours}
        </li>
      </ul>
      {showContactLink ? (
        <p className="text-sm text-slate-700">
          Or write to us through the{' '}
          <Link
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            to={paths.contact.getHref()}
          >
            contact form
          </Link>
          .
        </p>
      ) : null}
    </Card>
  );
}
