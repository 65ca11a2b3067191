import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  DRUG_INTERACTION_LIMITS,
  INTERACTION_SEVERITIES,
  INTERACTION_SEVERITY_LABELS,
  drugInteractionInputSchema,
  type DrugInteraction,
  type DrugInteractionData,
  type DrugInteractionInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input, Select, Textarea } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSaveInteraction } from '../api/save-interaction';

const resolver = zodResolver(drugInteractionInputSchema);

/** What each severity means for the shop (decision 0026, issue 31): said beside the choice. */
const SEVERITY_HINT = {
  major: 'Shoppers are advised to talk to the pharmacist; approval needs an override reason.',
  moderate: 'Shoppers are advised to talk to the pharmacist.',
  minor: 'Not shown to shoppers; the pharmacist sees it at review.',
} as const;

function initialValues(interaction: DrugInteraction | undefined): DrugInteractionInput {
  return {
    ingredientA: interaction?.ingredientA ?? '',
    ingredientB: interaction?.ingredientB ?? '',
    severity: interaction?.severity ?? 'moderate',
    effect: interaction?.effect ?? '',
    advice: interaction?.advice ?? '',
    source: interaction?.source ?? '',
  };
}

/**
 * Add or edit one pair; the shared schema checks it here and again on the server, and the
 * server's refusal of a pair already in the table (in either order) is shown above the fields.
 */
export function InteractionForm({
  interaction,
  onDone,
}: {
  interaction?: DrugInteraction;
  onDone: () => void;
}) {
  const save = useSaveInteraction(interaction?.id);
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<DrugInteractionInput, unknown, DrugInteractionData>({
    resolver,
    defaultValues: initialValues(interaction),
  });
  const severity = watch('severity');

  const submit = handleSubmit((input) => {
    if (inFlight.current || save.isPending) return;
    inFlight.current = true;
    save.mutate(input, {
      onSuccess: (saved) => {
        notify.success(saved.message);
        onDone();
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
      {save.isError ? <FieldError>{getErrorMessage(save.error)}</FieldError> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="First ingredient"
          hint="The generic name, as in the salt composition."
          error={errors.ingredientA?.message}
        >
          {(field) => (
            <Input
              {...field}
              {...register('ingredientA')}
              autoComplete="off"
              maxLength={DRUG_INTERACTION_LIMITS.ingredient}
              placeholder="Clopidogrel"
            />
          )}
        </FormField>
        <FormField label="Second ingredient" error={errors.ingredientB?.message}>
          {(field) => (
            <Input
              {...field}
              {...register('ingredientB')}
              autoComplete="off"
              maxLength={DRUG_INTERACTION_LIMITS.ingredient}
              placeholder="Omeprazole"
            />
          )}
        </FormField>
      </div>
      <FormField label="Severity" hint={SEVERITY_HINT[severity]} error={errors.severity?.message}>
        {(field) => (
          <Select {...field} {...register('severity')}>
            {INTERACTION_SEVERITIES.map((value) => (
              <option key={value} value={value}>
                {INTERACTION_SEVERITY_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="What happens" error={errors.effect?.message}>
        {(field) => (
          <Textarea
            {...field}
            {...register('effect')}
            rows={3}
            maxLength={DRUG_INTERACTION_LIMITS.effect}
          />
        )}
      </FormField>
      <FormField label="What to do" error={errors.advice?.message}>
        {(field) => (
          <Textarea
            {...field}
            {...register('advice')}
            rows={3}
            maxLength={DRUG_INTERACTION_LIMITS.advice}
          />
        )}
      </FormField>
      <FormField
        label="Source (optional)"
        hint="Where the grading comes from, e.g. BNF appendix 1 or Stockley."
        error={errors.source?.message}
      >
        {(field) => (
          <Input
            {...field}
            {...register('source')}
            autoComplete="off"
            maxLength={DRUG_INTERACTION_LIMITS.source}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={save.isPending} pendingText="Saving...">
          {interaction ? 'Save changes' : 'Add interaction'}
        </Button>
        <Button type="button" variant="quiet" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
