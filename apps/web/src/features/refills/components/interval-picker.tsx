import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  REFILL_INTERVAL_CHOICES,
  REFILL_INTERVAL_MAX_DAYS,
  REFILL_INTERVAL_MIN_DAYS,
  REFILL_TEXTS,
  refillIntervalFormSchema,
} from '@pharmacy/shared';
import { FieldError, Input } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';

type IntervalValues = z.input<typeof refillIntervalFormSchema>;
type IntervalOutput = z.output<typeof refillIntervalFormSchema>;
export type IntervalForm = UseFormReturn<IntervalValues, unknown, IntervalOutput>;

const isChoice = (days: number) => (REFILL_INTERVAL_CHOICES as readonly number[]).includes(days);

/**
 * The picker's form: one of the offered intervals, or 'Other' with the days typed, read by the
 * shared schema. Its message shows once the customer tried to save (or left the field) with an
 * interval out of bounds, and follows what they type from then on.
 */
export function useIntervalForm(initialDays: number): IntervalForm {
  return useForm<IntervalValues, unknown, IntervalOutput>({
    resolver: zodResolver(refillIntervalFormSchema),
    defaultValues: isChoice(initialDays)
      ? { choice: String(initialDays), custom: '' }
      : { choice: 'other', custom: String(initialDays) },
    mode: 'onTouched',
  });
}

/**
 * 'Remind me every': the usual intervals as one tap each, or any number of days within the bounds
 * (e.g. a pack's days of supply).
 */
export function IntervalPicker({ form }: { form: IntervalForm }) {
  const customId = useId();
  const errorId = useId();
  const { register, watch, formState } = form;
  const choice = watch('choice');
  const error = formState.errors.custom?.message;
  // A new choice checks the typed days again, so a message never outlives its cause.
  const choiceField = register('choice', { deps: ['custom'] });
  const option = (selected: boolean) =>
    cn(
      'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
      selected ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-800',
    );
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {REFILL_TEXTS.intervalLabel}
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {REFILL_INTERVAL_CHOICES.map((days) => (
          <label key={days} className={option(choice === String(days))}>
            <input
              type="radio"
              {...choiceField}
              value={String(days)}
              className="accent-brand-700"
            />
            {days} days
          </label>
        ))}
        <label className={option(choice === 'other')}>
          <input type="radio" {...choiceField} value="other" className="accent-brand-700" />
          {REFILL_TEXTS.customInterval}
        </label>
      </div>
      {choice === 'other' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={customId} className="text-sm font-medium text-slate-800">
            {REFILL_TEXTS.customIntervalLabel}
          </label>
          <Input
            id={customId}
            type="number"
            inputMode="numeric"
            min={REFILL_INTERVAL_MIN_DAYS}
            max={REFILL_INTERVAL_MAX_DAYS}
            step={1}
            {...register('custom')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="max-w-40"
          />
          <p className="text-xs text-slate-600">
            {REFILL_INTERVAL_MIN_DAYS} to {REFILL_INTERVAL_MAX_DAYS} days, e.g. the days a pack
            lasts you.
          </p>
          {error ? <FieldError id={errorId}>{error}</FieldError> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
