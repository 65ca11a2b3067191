import { FileUp, Search, Truck } from 'lucide-react';
import { useId } from 'react';

/** Spec §1 'How It Works': browse medicines, upload prescription, fast same-day delivery. */
const steps = [
  {
    Icon: Search,
    title: 'Browse medicines',
    text: 'Search by name, or browse by division, manufacturer and salt composition.',
  },
  {
    Icon: FileUp,
    title: 'Upload prescription',
    text: 'For prescription medicines, upload a photo or PDF of your prescription with your order.',
  },
  {
    Icon: Truck,
    title: 'Fast same-day delivery',
    text: 'A pharmacist checks your order and we deliver it to your door, shipping free.',
  },
];

export function HowItWorks() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        How It Works
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {steps.map(({ Icon, title, text }, index) => (
          <li
            key={title}
            className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 md:flex-col"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
              <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-base text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
