import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import {
  INTERACTION_OVERRIDE_LIMITS,
  TRANSCRIPTION_LIMITS,
  formatLongDate,
  type Product,
} from '@pharmacy/shared';
import { FieldError, FormField, Input, Select } from '../../../components/ui/form-field';
import { ApproveControls } from './approve-controls';
import { NumberInput } from '../../../components/ui/number-input';
import {
  transcriptionFormSchema,
  validUntilOf,
  type TranscriptionFormOutput,
  type TranscriptionLineValues,
  type TranscriptionValues,
} from '../lib/transcription';

const PRESCRIBER_FIELDS = [
  {
    name: 'prescriberName',
    label: "Prescriber's name",
    hint: 'The doctor who signed it',
    max: TRANSCRIPTION_LIMITS.name,
  },
  {
    name: 'prescriberQualification',
    label: 'Qualification',
    hint: 'e.g. MBBS, MD',
    max: TRANSCRIPTION_LIMITS.name,
  },
  {
    name: 'prescriberRegistrationNumber',
    label: 'Registration number',
    hint: 'As printed, e.g. KMC 45678',
    max: TRANSCRIPTION_LIMITS.registrationNumber,
  },
  {
    name: 'prescriberCouncil',
    label: 'Council',
    hint: 'e.g. Karnataka Medical Council',
    max: TRANSCRIPTION_LIMITS.name,
  },
] as const;

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** What is left of a line once this order's units are counted on it, in words. */
function remainingText(line: TranscriptionLineValues): string {
  const quantity = /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : null;
  if (quantity === null) return `This order takes ${units(line.orderedUnits)}.`;
  const left = quantity - line.orderedUnits;
  return left < 0
    ? `This order takes ${units(line.orderedUnits)}: ${units(-left)} more than prescribed.`
    : `This order takes ${units(line.orderedUnits)}; ${units(left)} remain for later orders.`;
}

function LineFields({
  index,
  line,
  register,
  errors,
}: {
  index: number;
  line: TranscriptionLineValues;
  register: ReturnType<typeof useForm<TranscriptionValues>>['register'];
  errors: FieldErrors<TranscriptionValues>['lines'];
}) {
  const lineErrors = errors?.[index];
  const name = line.productName;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{name}</legend>
      {line.saltName ? (
        <FormField label="Covers" hint="Salt and strength match any brand of it.">
          {(field) => (
            <Select {...field} {...register(`lines.${index}.covers`)}>
              <option value="salt">Any brand of {line.saltName}</option>
              <option value="product">Only {name}</option>
            </Select>
          )}
        </FormField>
      ) : null}
      {lineErrors?.saltCompositionId?.message ? (
        <FieldError>{lineErrors.saltCompositionId.message}</FieldError>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Strength" error={lineErrors?.strength?.message}>
          {(field) => (
            <Input
              {...field}
              {...register(`lines.${index}.strength`)}
              maxLength={TRANSCRIPTION_LIMITS.strength}
              placeholder="500 mg"
            />
          )}
        </FormField>
        <FormField label="Dose" error={lineErrors?.dose?.message}>
          {(field) => (
            <Input
              {...field}
              {...register(`lines.${index}.dose`)}
              maxLength={TRANSCRIPTION_LIMITS.dose}
              placeholder="1 tablet"
            />
          )}
        </FormField>
        <FormField label="Frequency" error={lineErrors?.frequency?.message}>
          {(field) => (
            <Input
              {...field}
              {...register(`lines.${index}.frequency`)}
              maxLength={TRANSCRIPTION_LIMITS.frequency}
              placeholder="Twice a day"
            />
          )}
        </FormField>
        <FormField label="Duration (days)" error={lineErrors?.durationDays?.message}>
          {(field) => (
            <NumberInput
              {...field}
              {...register(`lines.${index}.durationDays`)}
              min={1}
              max={TRANSCRIPTION_LIMITS.durationDays}
            />
          )}
        </FormField>
        <FormField
          label="Total quantity allowed"
          hint={remainingText(line)}
          error={lineErrors?.quantity?.message}
          className="sm:col-span-2"
        >
          {(field) => (
            <NumberInput
              {...field}
              {...register(`lines.${index}.quantity`)}
              min={1}
              max={TRANSCRIPTION_LIMITS.quantity}
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}

/**
 * Issue 31 point 2: the pharmacist transcribes the prescription beside its files (prescriber,
 * date of issue, one line per prescription product of the order) and approves with it; the
 * validity follows from the date of issue by the shared rule. A major interaction or an allergy
 * needs the override reason before Approve is enabled; the server's refusal is shown above it.
 */
export function TranscriptionForm({
  initial,
  products,
  needsOverride,
  validitySettings,
  isPending,
  serverError,
  onApprove,
}: {
  initial: TranscriptionValues;
  products: ReadonlyMap<number, Product>;
  needsOverride: boolean;
  /** The shop's validity days, from the order answer. */
  validitySettings?: { validDays: number; h1ValidDays: number };
  isPending: boolean;
  serverError: string | null;
  onApprove: (output: TranscriptionFormOutput) => void;
}) {
  const resolver = useMemo(
    () => zodResolver(transcriptionFormSchema(needsOverride)),
    [needsOverride],
  );
  const {
    register,
    handleSubmit,
    watch,
    control,
    formState: { errors },
  } = useForm<TranscriptionValues, unknown, TranscriptionFormOutput>({
    resolver,
    defaultValues: initial,
  });
  const { fields } = useFieldArray({ control, name: 'lines' });
  const issuedOn = watch('issuedOn');
  const lines = watch('lines');
  const reason = watch('overrideReason');
  const validity = validUntilOf(issuedOn, lines, products, validitySettings);
  const reasonMissing =
    needsOverride && reason.trim().length < INTERACTION_OVERRIDE_LIMITS.reasonMin;

  return (
    <form
      aria-label="Transcribe and approve"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void handleSubmit((output) => onApprove(output))(event)}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {PRESCRIBER_FIELDS.map(({ name, label, hint, max }) => (
          <FormField key={name} label={label} hint={hint} error={errors[name]?.message}>
            {(field) => (
              <Input
                {...field}
                {...register(name)}
                autoComplete="off"
                spellCheck={false}
                maxLength={max}
              />
            )}
          </FormField>
        ))}
        <FormField
          label="Date of issue"
          error={errors.issuedOn?.message}
          hint={
            validity
              ? `Valid until ${formatLongDate(validity.validUntil)}${validity.scheduleH1 ? ' (Schedule H1: shorter validity)' : ''}.`
              : 'The validity follows from it.'
          }
        >
          {(field) => <Input {...field} type="date" {...register('issuedOn')} />}
        </FormField>
      </div>
      <div className="flex flex-col gap-3">
        <h4 className="text-sm font-semibold text-slate-900">Prescribed lines</h4>
        {errors.lines?.message ? <FieldError>{errors.lines.message}</FieldError> : null}
        {fields.map((field, index) => (
          <LineFields
            key={field.id}
            index={index}
            line={lines[index] ?? field}
            register={register}
            errors={errors.lines}
          />
        ))}
      </div>
      <ApproveControls
        needsOverride={needsOverride}
        reasonField={register('overrideReason')}
        reasonError={errors.overrideReason?.message}
        reasonMissing={reasonMissing}
        serverError={serverError}
        isPending={isPending}
      />
    </form>
  );
}
