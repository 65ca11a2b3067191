import { BadgeCheck, CreditCard, ShieldCheck, Truck } from 'lucide-react';
import { useId } from 'react';
import { paymentMethodsSentence, type ShopSettings } from '@pharmacy/shared';
import { useShopSettings } from '../../../lib/shop-settings';

const reasons = (payments: ShopSettings['payments']) => [
  {
    Icon: ShieldCheck,
    title: 'Authentic medicines',
    text: 'Sourced only from licensed manufacturers and distributors.',
  },
  {
    Icon: BadgeCheck,
    title: 'Licensed pharmacists',
    text: 'Every prescription is checked by a registered pharmacist.',
  },
  {
    Icon: Truck,
    title: 'Free shipping',
    text: 'On every order, with no minimum basket.',
  },
  {
    Icon: CreditCard,
    title: 'Secure payment',
    // Issue 28: only the methods this shop's payment provider really takes.
    text: `Pay by ${paymentMethodsSentence(payments.online)}.`,
  },
];

/** Spec §1 'Why Choose Us'. */
export function WhyChooseUs() {
  const headingId = useId();
  const { payments } = useShopSettings();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        Why Choose Us
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {reasons(payments).map(({ Icon, title, text }) => (
          <li
            key={title}
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5"
          >
            <Icon aria-hidden="true" className="size-7 text-brand-700" />
            <h3 className="text-base font-semibold text-slate-900">{title}</h3>
            <p className="text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
