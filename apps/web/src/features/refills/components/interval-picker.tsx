import { useId, useState } from 'react';
import {
  REFILL_INTERVAL_CHOICES,
  REFILL_INTERVAL_MAX_DAYS,
  REFILL_INTERVAL_MIN_DAYS,
  REFILL_TEXTS,
  isRefillInterval,
} from '@pharmacy/shared';
import { FieldError, Input } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';

const isChoice = (days: number) => (REFILL_INTERVAL_CHOICES as readonly number[]).includes(days);

/**
 * The picker's state: one of the offered intervals, or 'Other' with the days typed. `error` is
 * shown once the customer tried to save (or left the field) with an interval out of bounds.
 */
export function useIntervalPicker(initialDays: number) {
  const [choice, setChoice] = useState<number | 'other'>(
    isChoice(initialDays) ? initialDays : 'other',
  );
  const [custom, setCustom] = useState(isChoice(initialDays) ? '' : String(initialDays));
  const [touched, setTouched] = useState(false);
  const typed = custom.trim() === '' ? Number.NaN : Number(custom);
  const days = choice === 'other' ? (isRefillInterval(typed) ? typed : null) : choice;
  return {
    choice,
    custom,
    days,
    error: touched && days === null ? REFILL_TEXTS.intervalInvalid : undefined,
    setChoice,
    setCustom,
    /** Shows the message if the interval is not valid; the interval, or null. */
    validate: () => {
      setTouched(true);
      return days;
    },
    touch: () => setTouched(true),
  };
}

export type IntervalPickerState = ReturnType<typeof useIntervalPicker>;

/**
 * 'Remind me every': the usual intervals as one tap each, or any number of days within the bounds
 * (e.g. a pack's days of supply).
 */
export function IntervalPicker({ picker }: { picker: IntervalPickerState }) {
  const name = useId();
  const customId = useId();
  const errorId = useId();
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
          <label key={days} className={option(picker.choice === days)}>
            <input
              type="radio"
              name={name}
              value={days}
              checked={picker.choice === days}
              onChange={() => picker.setChoice(days)}
              className="accent-brand-700"
            />
            {days} days
          </label>
        ))}
        <label className={option(picker.choice === 'other')}>
          <input
            type="radio"
            name={name}
            value="other"
            checked={picker.choice === 'other'}
            onChange={() => picker.setChoice('other')}
            className="accent-brand-700"
          />
          {REFILL_TEXTS.customInterval}
        </label>
      </div>
      {picker.choice === 'other' ? (
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
            value={picker.custom}
            onChange={(event) => picker.setCustom(event.target.value)}
            onBlur={picker.touch}
            aria-invalid={picker.error ? true : undefined}
            aria-describedby={picker.error ? errorId : undefined}
            className="max-w-40"
          />
          <p className="text-xs text-slate-600">
            {REFILL_INTERVAL_MIN_DAYS} to {REFILL_INTERVAL_MAX_DAYS} days, e.g. the days a pack
            lasts you.
          </p>
          {picker.error ? <FieldError id={errorId}>{picker.error}</FieldError> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
