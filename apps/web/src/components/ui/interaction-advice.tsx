import { Info, MessageCircleQuestion, TriangleAlert } from 'lucide-react';
import type { InteractionFinding } from '@pharmacy/shared';
import { cn } from '../../lib/cn';

/**
 * The shopper's words, defined once for the cart and the order page. Calm on purpose: the table's
 * interactions are reasons to ask, not to stop a medicine on one's own.
 */
export const INTERACTION_ADVICE_TEXT = {
  title: 'Talk to our pharmacist about these medicines',
  intro:
    'Some of these medicines can affect each other. Please do not stop or change any medicine on your own: ask our pharmacist or your doctor how to take them together.',
  major: 'Important',
  moderate: 'Worth asking about',
  listLabel: 'Medicine interactions to discuss with the pharmacist',
} as const;

/** The medicines a finding is between, in the shopper's words (product names, not salts). */
export function interactionSubject(finding: InteractionFinding): string {
  const sentences = finding.between.map(({ line, with: other }) => {
    switch (other.kind) {
      case 'line':
        return `${line.productName} and ${other.productName}`;
      case 'order':
        return `${line.productName} and ${other.productName} from your order #${other.orderId}`;
      case 'allergy':
        return `${line.productName} contains ${finding.ingredientA}, and an allergy to ${other.allergen} is recorded for ${other.patientName ?? 'the patient'}`;
    }
  });
  const unique = [...new Set(sentences)];
  return unique.length > 0
    ? unique.join('; ')
    : `${finding.ingredientA} and ${finding.ingredientB}`;
}

/**
 * Issue 31 point 4: the moderate and major interactions as advice to talk to the pharmacist,
 * major first and emphasised (the word "Important" and a stronger border, never colour alone).
 * Minor ones are for the pharmacist only, so they are left out; nothing shows when none remain.
 */
export function InteractionAdvice({
  interactions,
  className,
}: {
  interactions: readonly InteractionFinding[];
  className?: string;
}) {
  const shown = interactions
    .filter((item) => item.severity !== 'minor')
    .sort((a, b) => Number(b.severity === 'major') - Number(a.severity === 'major'));
  if (shown.length === 0) return null;
  return (
    <section
      aria-label={INTERACTION_ADVICE_TEXT.title}
      className={cn('rounded-lg border border-slate-200 bg-white p-3 text-sm', className)}
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <MessageCircleQuestion aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        {INTERACTION_ADVICE_TEXT.title}
      </h2>
      <p className="mt-1 text-slate-700">{INTERACTION_ADVICE_TEXT.intro}</p>
      <ul aria-label={INTERACTION_ADVICE_TEXT.listLabel} className="mt-2 flex flex-col gap-2">
        {shown.map((item) => {
          const major = item.severity === 'major';
          return (
            <li
              key={`${item.source}#${item.pairKey}`}
              className={cn(
                'flex gap-2 rounded-md p-2',
                major
                  ? 'border-2 border-amber-500 bg-amber-50 text-amber-950'
                  : 'border border-slate-200 bg-slate-50 text-slate-800',
              )}
            >
              {major ? (
                <TriangleAlert
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-amber-700"
                />
              ) : (
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              )}
              <p>
                <span className="font-semibold">
                  {major ? INTERACTION_ADVICE_TEXT.major : INTERACTION_ADVICE_TEXT.moderate}:
                </span>{' '}
                <span className="font-semibold">{interactionSubject(item)}</span>. {item.advice}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
