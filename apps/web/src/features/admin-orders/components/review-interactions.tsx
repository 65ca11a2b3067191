import { Info, OctagonAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import {
  INTERACTION_SEVERITY_LABELS,
  formatLongDate,
  type InteractionFinding,
  type InteractionOverride,
  type InteractionSeverity,
} from '@pharmacy/shared';
import { cn } from '../../../lib/cn';

/** DESIGN.md: red for danger, amber for warnings, never colour alone (an icon and the word). */
const SEVERITY_STYLE: Record<InteractionSeverity, { className: string; Icon: typeof Info }> = {
  major: { className: 'border-red-300 bg-red-50 text-red-950', Icon: OctagonAlert },
  moderate: { className: 'border-amber-300 bg-amber-50 text-amber-950', Icon: TriangleAlert },
  minor: { className: 'border-slate-200 bg-slate-50 text-slate-800', Icon: Info },
};

/** Where it was found, in the pharmacist's words: the lines, the earlier order, the allergy. */
function foundBetween(finding: InteractionFinding): string[] {
  return [
    ...new Set(
      finding.between.map(({ line, with: other }) => {
        switch (other.kind) {
          case 'line':
            return `${line.productName} with ${other.productName} in this order`;
          case 'order':
            return `${line.productName} with ${other.productName} of order #${other.orderId} (${formatLongDate(other.orderedAt)})`;
          case 'allergy':
            return `${line.productName}: ${other.patientName ?? 'the patient'} is allergic to ${other.allergen}`;
        }
      }),
    ),
  ];
}

/** A major interaction or an allergy blocks approval until an override reason is given. */
export const needsOverride = (findings: readonly InteractionFinding[]) =>
  findings.some((finding) => finding.severity === 'major');

/**
 * Issue 31 point 4: every interaction found for the order, major first, with what happens, what
 * to do and where it was found (between lines, with an order of the last 90 days, an allergy).
 */
export function ReviewInteractions({ findings }: { findings: readonly InteractionFinding[] }) {
  if (findings.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="size-4 text-green-700" />
        No interactions found with the table, the patient’s recent orders or allergies.
      </p>
    );
  const order: InteractionSeverity[] = ['major', 'moderate', 'minor'];
  const sorted = [...findings].sort(
    (a, b) => order.indexOf(a.severity) - order.indexOf(b.severity),
  );
  return (
    <ul aria-label="Interactions found" className="flex flex-col gap-2">
      {sorted.map((finding) => {
        const { className, Icon } = SEVERITY_STYLE[finding.severity];
        return (
          <li
            key={`${finding.source}#${finding.pairKey}`}
            className={cn('flex gap-2 rounded-md border p-3 text-sm', className)}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-semibold">
                {INTERACTION_SEVERITY_LABELS[finding.severity]}
                {finding.source === 'allergy' ? ' (allergy)' : ''}: {finding.ingredientA}
                {finding.ingredientB && finding.ingredientB !== finding.ingredientA
                  ? ` + ${finding.ingredientB}`
                  : ''}
              </p>
              <ul className="list-disc pl-4 text-xs">
                {foundBetween(finding).map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
              <p>{finding.effect}</p>
              <p>
                <span className="font-medium">What to do: </span>
                {finding.advice}
              </p>
              {finding.reference ? (
                <p className="text-xs opacity-80">Source: {finding.reference}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The overrides recorded at approval (admins only): the pair, the reason, who and when. */
export function RecordedOverrides({ overrides }: { overrides: readonly InteractionOverride[] }) {
  if (overrides.length === 0) return null;
  return (
    <section aria-label="Interaction overrides" className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold text-slate-900">Approved despite</h4>
      <ul className="flex flex-col gap-2">
        {overrides.map((override) => (
          <li key={override.id} className="rounded-md border border-slate-200 p-3 text-sm">
            <p className="font-medium text-slate-900">
              {INTERACTION_SEVERITY_LABELS[override.severity]}: {override.ingredients.join(' + ')}
            </p>
            <p className="text-slate-800">“{override.reason}”</p>
            <p className="text-xs text-slate-600">
              {override.pharmacistName ?? 'A pharmacist'}, {formatLongDate(override.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
