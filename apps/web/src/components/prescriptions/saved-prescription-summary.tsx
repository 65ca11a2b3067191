import { CalendarCheck, CalendarX2, PackageCheck, Stethoscope, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatLongDate, normaliseStrength, type SavedPrescription } from '@pharmacy/shared';
import { cn } from '../../lib/cn';

/** A salt line's name often carries its strength already ("Clopidogrel (75mg)"): not twice. */
function showStrength(line: SavedPrescription['lines'][number]): boolean {
  if (!line.strength) return false;
  return !normaliseStrength(line.medicineName).includes(normaliseStrength(line.strength));
}

const units = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

const badge =
  'inline-flex w-fit items-center gap-1 rounded-md px-2 py-0.5 text-xs font-semibold ring-1';

/**
 * 'Valid until 12 Dec 2026', 'Expired on …' or 'Used up', with an icon and the words (never
 * colour alone). The status is the server's, computed on India's calendar day.
 */
export function ValidityBadge({
  status,
  validUntil,
}: Pick<SavedPrescription, 'status' | 'validUntil'>) {
  const date = <time dateTime={validUntil}>{formatLongDate(validUntil)}</time>;
  if (status === 'expired') {
    return (
      <span className={cn(badge, 'bg-red-50 text-red-800 ring-red-200')}>
        <CalendarX2 aria-hidden="true" className="size-3.5" />
        Expired on {date}
      </span>
    );
  }
  if (status === 'used_up') {
    return (
      <span className={cn(badge, 'bg-slate-100 text-slate-800 ring-slate-300')}>
        <PackageCheck aria-hidden="true" className="size-3.5" />
        Used up · valid until {date}
      </span>
    );
  }
  return (
    <span className={cn(badge, 'bg-green-50 text-green-800 ring-green-200')}>
      <CalendarCheck aria-hidden="true" className="size-3.5" />
      Valid until {date}
    </span>
  );
}

/**
 * One saved prescription as the customer reads it on My Prescriptions, the order page and the
 * checkout's 'Use a saved prescription': for whom, by which doctor, until when, and what remains
 * of each prescribed line. `headingLevel` fits it under the page's own headings.
 */
export function SavedPrescriptionSummary({
  prescription,
  headingLevel = 3,
  children,
  className,
}: {
  prescription: SavedPrescription;
  headingLevel?: 2 | 3 | 4;
  /** Below the lines: an action (use it) or a sentence from the server. */
  children?: ReactNode;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Heading className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
            <UserRound aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            {prescription.patient.name}
          </Heading>
          <p className="mt-0.5 flex items-start gap-1.5 text-sm text-slate-700">
            <Stethoscope aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {prescription.prescriber.name}, {prescription.prescriber.qualification} · issued{' '}
              <time dateTime={prescription.issuedOn}>{formatLongDate(prescription.issuedOn)}</time>
            </span>
          </p>
        </div>
        <ValidityBadge status={prescription.status} validUntil={prescription.validUntil} />
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Prescribed medicines for {prescription.patient.name} and what remains
        </caption>
        <thead className="text-xs text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1.5 pr-2 font-medium">
              Medicine
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-medium">
              Prescribed
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Remaining
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {prescription.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row" className="py-1.5 pr-2 font-normal text-slate-900">
                {line.medicineName}
                {showStrength(line) ? (
                  <span className="text-slate-600"> {line.strength}</span>
                ) : null}
                <span className="block text-xs text-slate-600">
                  {line.dose}, {line.frequency}, {line.durationDays}{' '}
                  {line.durationDays === 1 ? 'day' : 'days'}
                </span>
              </th>
              <td className="py-1.5 pr-2 text-right text-slate-700">
                {units(line.prescribedUnits)}
              </td>
              <td
                className={cn(
                  'py-1.5 text-right font-semibold',
                  line.remainingUnits === 0 ? 'text-slate-600' : 'text-slate-900',
                )}
              >
                {line.remainingUnits === 0 ? 'None left' : units(line.remainingUnits)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </div>
  );
}
