import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Save, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  PATIENT_RELATIONS,
  PATIENT_RELATION_LABELS,
  PATIENT_SEXES,
  PATIENT_SEX_LABELS,
  patientInputSchema,
  type Patient,
  type PatientInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input, Select } from '../../../components/ui/form-field';
import { useSavePatient } from '../api/save-patient';

type PatientFormValues = z.input<typeof patientInputSchema>;

function formValues(patient: Patient | null, firstPatient: boolean): PatientFormValues {
  return {
    name: patient?.name ?? '',
    relation: patient?.relation ?? (firstPatient ? 'self' : 'other'),
    dateOfBirth: patient?.dateOfBirth ?? null,
    ageYears: patient?.dateOfBirth ? null : (patient?.ageYears ?? null),
    sex: patient?.sex ?? 'female',
    allergies: patient?.allergies ?? [],
  };
}

/**
 * Issue 31 point 1: a patient's name, date of birth or age (whichever the member knows), sex and
 * known allergies as salts (e.g. Penicillin), checked by the shared schema the server uses. The
 * allergies are what the pharmacist's interaction check compares the order's salts against.
 */
export function PatientForm({
  patient,
  firstPatient = false,
  onSaved,
  onCancel,
}: {
  patient: Patient | null;
  /** The account's first patient is most likely the member: 'Myself' is chosen for them. */
  firstPatient?: boolean;
  onSaved: (patient: Patient, message: string) => void;
  onCancel: () => void;
}) {
  const save = useSavePatient();
  const birthId = useId();
  const allergyId = useId();
  const [birthMode, setBirthMode] = useState<'date' | 'age'>(
    patient && !patient.dateOfBirth && patient.ageYears !== null ? 'age' : 'date',
  );
  const [allergyText, setAllergyText] = useState('');
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<PatientFormValues, unknown, PatientInput>({
    resolver: zodResolver(patientInputSchema),
    defaultValues: formValues(patient, firstPatient),
  });
  const allergies = watch('allergies') ?? [];

  function setAllergies(next: string[]) {
    setValue('allergies', next, { shouldValidate: isSubmitted, shouldDirty: true });
  }

  function addAllergy() {
    const salt = allergyText.replace(/\s+/g, ' ').trim();
    if (!salt) return;
    if (!allergies.some((known) => known.toLowerCase() === salt.toLowerCase())) {
      setAllergies([...allergies, salt]);
    }
    setAllergyText('');
  }

  function chooseBirthMode(mode: 'date' | 'age') {
    setBirthMode(mode);
    // Only one of the two is sent: the other is cleared when the member switches.
    if (mode === 'date') setValue('ageYears', null);
    else setValue('dateOfBirth', null);
  }

  const onSubmit = handleSubmit(async (input) => {
    if (save.isPending) return;
    try {
      const { patient: saved, message } = await save.mutateAsync({
        id: patient?.id ?? null,
        input,
      });
      onSaved(saved, message);
    } catch {
      // the error toast carries the server's message (lib/query-client)
    }
  });

  const allergyError = errors.allergies?.message ?? errors.allergies?.[0]?.message;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={patient ? `Edit ${patient.name}` : 'Add a patient'}
      className="flex flex-col gap-4"
    >
      <FormField label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register('name')} autoComplete="off" />}
      </FormField>

      <FormField label="Who is this?" error={errors.relation?.message}>
        {(field) => (
          <Select {...field} {...register('relation')}>
            {PATIENT_RELATIONS.map((relation) => (
              <option key={relation} value={relation}>
                {PATIENT_RELATION_LABELS[relation]}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">Date of birth or age</legend>
        <div className="flex flex-wrap gap-4 text-sm text-slate-800">
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={birthId}
              checked={birthMode === 'date'}
              onChange={() => chooseBirthMode('date')}
              className="size-4 accent-brand-700"
            />
            I know the date of birth
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={birthId}
              checked={birthMode === 'age'}
              onChange={() => chooseBirthMode('age')}
              className="size-4 accent-brand-700"
            />
            I know the age
          </label>
        </div>
        {birthMode === 'date' ? (
          <FormField label="Date of birth" error={errors.dateOfBirth?.message}>
            {(field) => (
              <Input
                {...field}
                type="date"
                {...register('dateOfBirth', { setValueAs: (v: string) => v || null })}
              />
            )}
          </FormField>
        ) : (
          <FormField label="Age in years" error={errors.ageYears?.message}>
            {(field) => (
              <Input
                {...field}
                type="number"
                inputMode="numeric"
                min={0}
                max={130}
                {...register('ageYears', {
                  setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)),
                })}
              />
            )}
          </FormField>
        )}
      </fieldset>

      <FormField label="Sex" error={errors.sex?.message}>
        {(field) => (
          <Select {...field} {...register('sex')}>
            {PATIENT_SEXES.map((sex) => (
              <option key={sex} value={sex}>
                {PATIENT_SEX_LABELS[sex]}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <div className="flex flex-col gap-2">
        <label htmlFor={allergyId} className="text-sm font-medium text-slate-800">
          Known allergies (salts)
        </label>
        <div className="flex gap-2">
          <Input
            id={allergyId}
            value={allergyText}
            placeholder="e.g. Penicillin"
            aria-describedby={`${allergyId}-hint`}
            onChange={(event) => setAllergyText(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the salt instead of submitting the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                addAllergy();
              }
            }}
          />
          <Button
            variant="secondary"
            onClick={addAllergy}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add
          </Button>
        </div>
        <p id={`${allergyId}-hint`} className="text-xs text-slate-600">
          The salt named on the pack or by the doctor. Leave empty if there are none.
        </p>
        {allergies.length > 0 ? (
          <ul aria-label="Allergies" className="flex flex-wrap gap-2">
            {allergies.map((salt) => (
              <li
                key={salt}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-900 capitalize"
              >
                {salt}
                <button
                  type="button"
                  aria-label={`Remove ${salt}`}
                  onClick={() => setAllergies(allergies.filter((known) => known !== salt))}
                  className="rounded-full p-1 text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {allergyError ? <FieldError>{allergyError}</FieldError> : null}
      </div>

      <div className="flex flex-wrap gap-3 pt-2">
        <Button
          type="submit"
          isPending={save.isPending}
          pendingText="Saving..."
          icon={<Save aria-hidden="true" className="size-4" />}
        >
          {patient ? 'Save patient' : 'Add patient'}
        </Button>
        <Button variant="quiet" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
