import { TriangleAlert } from 'lucide-react';
import {
  PATIENT_RELATION_LABELS,
  PATIENT_SEX_LABELS,
  type OrderDetailLine,
  type OrderDetailResponse,
  type OrderDispensing,
} from '@pharmacy/shared';
import { PrescriptionRequiredTag } from '../../../components/ui/prescription-tag';

/** The duplicate therapies a line is part of (by product, or by name once the product is gone). */
export function lineDuplicates(
  line: Pick<OrderDetailLine, 'product' | 'productName'>,
  duplicates: OrderDispensing['duplicateTherapies'],
) {
  return duplicates.filter((duplicate) =>
    line.product
      ? duplicate.productIds.includes(line.product.id)
      : duplicate.productNames.includes(line.productName),
  );
}

export function OrderLines({
  lines,
  dispensing,
}: {
  lines: OrderDetailLine[];
  dispensing: OrderDispensing;
}) {
  return (
    <ul aria-label="Order lines" className="-my-3 divide-y divide-slate-200">
      {lines.map((line) => {
        const duplicates = lineDuplicates(line, dispensing.duplicateTherapies);
        return (
          <li key={line.id} className="flex flex-col gap-1.5 py-3">
            <p className="flex justify-between gap-3 text-sm">
              <span className="min-w-0 font-medium text-slate-900">
                {line.product?.name ?? line.productName}
              </span>
              <span className="shrink-0 text-slate-700">
                × {line.quantity}
                <span className="sr-only">{line.quantity === 1 ? ' unit' : ' units'}</span>
              </span>
            </p>
            {line.prescription ? <PrescriptionRequiredTag /> : null}
            {duplicates.map((duplicate) => (
              <p
                key={duplicate.saltCompositionId}
                className="flex gap-1.5 rounded-md bg-amber-50 p-2 text-xs text-amber-950 ring-1 ring-amber-300"
              >
                <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
                <span>
                  <span className="font-semibold">Duplicate therapy: </span>
                  {duplicate.message}
                </span>
              </p>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Who the medicines are for: the patient chosen at upload or with a saved prescription (age, sex,
 * the allergies on file), and the allergies this order's medicines meet.
 */
export function PatientSummary({ detail }: { detail: OrderDetailResponse }) {
  const patient = detail.dispensing.patient ?? null;
  const met = (detail.interactions ?? []).flatMap((finding) =>
    finding.between.flatMap(({ with: other }) => (other.kind === 'allergy' ? [other] : [])),
  );
  const allergensMet = [...new Set(met.map((allergy) => allergy.allergen))];
  const facts = patient
    ? [
        patient.ageYears === null ? null : `${patient.ageYears} years`,
        PATIENT_SEX_LABELS[patient.sex],
        patient.isSelf
          ? 'the account holder'
          : `${PATIENT_RELATION_LABELS[patient.relation].toLowerCase()} of the account holder`,
      ].filter((fact): fact is string => Boolean(fact))
    : [];
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-600">Patient</dt>
      <dd className="font-medium text-slate-900">
        {patient ? (
          <>
            {patient.name}
            {facts.length > 0 ? (
              <span className="font-normal text-slate-700"> ({facts.join(', ')})</span>
            ) : null}
          </>
        ) : (
          <span className="font-normal text-slate-600">The member (no patient was chosen)</span>
        )}
      </dd>
      <dt className="text-slate-600">Ordered by</dt>
      <dd className="text-slate-900">{detail.order.orderedBy.name}</dd>
      {patient ? (
        <>
          <dt className="text-slate-600">Known allergies</dt>
          <dd className="text-slate-900">
            {patient.allergies.length > 0 ? patient.allergies.join(', ') : 'None recorded'}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-600">Allergies met</dt>
      <dd className="text-slate-900">
        {allergensMet.length > 0 ? allergensMet.join(', ') : 'None among this order’s medicines'}
      </dd>
    </dl>
  );
}
