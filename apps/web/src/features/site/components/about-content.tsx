import { HeartPulse, ShieldCheck, Stethoscope } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useShopSettings } from '../../../lib/shop-settings';

const values = [
  {
    Icon: ShieldCheck,
    title: 'Authentic, always',
    text: 'Every product comes straight from licensed distributors and manufacturers, stored and shipped the way its label asks.',
  },
  {
    Icon: Stethoscope,
    title: 'Pharmacists you can reach',
    text: 'Registered pharmacists check every prescription order before it is packed, and answer your questions about dosage and use.',
  },
  {
    Icon: HeartPulse,
    title: 'Care beyond the counter',
    text: 'Clear prices, free shipping and reminders that help you keep up with long-term treatment.',
  },
];

/** Spec §1: the About page is marketing text linking to Contact. */
export function AboutContent() {
  const { shopName } = useShopSettings();
  return (
    <div className="flex flex-col gap-10">
      <div className="flex max-w-3xl flex-col gap-4 text-base text-slate-700">
        <p className="text-xl text-slate-800">
          {shopName} is an online pharmacy built on a simple idea: getting the medicines you need
          should be easy, safe and affordable.
        </p>
        <p>
          We stock prescription medicines, over-the-counter remedies and health supplements from
          trusted manufacturers. Browse by division, manufacturer or salt composition, upload your
          prescription in a few taps, and we deliver to your door, with shipping always free.
        </p>
        <p>
          Behind the shop is a team of pharmacists and care staff who treat every order as if it
          were for their own family.
        </p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {values.map(({ Icon, title, text }) => (
          <li key={title}>
            <Card className="flex h-full flex-col gap-3 p-6">
              <Icon aria-hidden="true" className="size-8 text-brand-700" />
              <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
              <p className="text-base text-slate-700">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
      <Card className="flex flex-col items-start gap-3 bg-brand-50 p-6">
        <h2 className="text-xl font-semibold text-slate-900">Talk to us</h2>
        <p className="text-base text-slate-700">
          Questions about an order, a product or a partnership? We would love to hear from you.
        </p>
        <Link
          to={paths.contact.getHref()}
          className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          Contact us
        </Link>
      </Card>
    </div>
  );
}
