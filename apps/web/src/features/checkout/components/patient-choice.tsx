import { UserPlus } from 'lucide-react';
import { useLocation } from 'react-router';
import type { Patient } from '@pharmacy/shared';
import { ButtonLink } from '../../../components/ui/button';
import { FormField, Select } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';

/** The patient the Patients page passes back after 'Add a patient' (`{ patientId }`). */
export function readPassedPatientId(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('patientId' in state)) return null;
  const { patientId } = state as { patientId: unknown };
  return typeof patientId === 'number' && Number.isInteger(patientId) ? patientId : null;
}

/**
 * The patient chosen at first: the one just added, else the member themself (their own patient
 * record, or none: the server then names the member).
 */
export function defaultPatientId(patients: readonly Patient[], passed: number | null) {
  if (passed !== null && patients.some((p) => p.id === passed)) return passed;
  return patients.find((p) => p.isSelf)?.id ?? null;
}

/**
 * Issue 31 point 1: whom the prescription is for (the H1 register and the invoice name them).
 * 'Add a patient' opens the account's Patients page, which comes back here with the new one.
 */
export function PatientChoice({
  patients,
  isPending,
  value,
  onChange,
  disabled,
}: {
  patients: readonly Patient[] | undefined;
  isPending: boolean;
  value: number | null;
  onChange: (patientId: number | null) => void;
  disabled: boolean;
}) {
  const location = useLocation();
  const addPatient = (
    <ButtonLink
      variant="quiet"
      size="sm"
      to={paths.dashboard.patients.getHref()}
      state={{ redirectTo: `${location.pathname}${location.search}`, addPatient: true }}
      icon={<UserPlus aria-hidden="true" className="size-4" />}
    >
      Add a patient
    </ButtonLink>
  );
  if (isPending) return <Skeleton className="mt-4 h-16 w-full max-w-sm" />;
  return (
    <div className="mt-4 flex flex-wrap items-end gap-2">
      <FormField label="Who is this prescription for?" className="w-full max-w-sm">
        {(field) => (
          <Select
            {...field}
            value={value ?? ''}
            disabled={disabled}
            onChange={(event) =>
              onChange(event.target.value === '' ? null : Number(event.target.value))
            }
          >
            {/* Without a patient record of their own, the member is the patient by default. */}
            {patients?.some((p) => p.isSelf) ? null : <option value="">Myself</option>}
            {patients?.map((patient) => (
              <option key={patient.id} value={patient.id}>
                {patient.name}
                {patient.isSelf ? ' (myself)' : ''}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {addPatient}
    </div>
  );
}
