import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX2, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  type FieldError as RhfFieldError,
} from 'react-hook-form';
import {
  deliveryCalendarSchema,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type DeliveryCalendarInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { FormSkeleton } from '../../../components/ui/form-skeleton';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeliveryCalendar } from '../api/get-delivery-calendar';
import { useSaveDeliveryCalendar } from '../api/save-delivery-calendar';
import { workingDaysText } from '../lib/area-text';

const resolver = zodResolver(deliveryCalendarSchema);

/**
 * The sentence of a list's own rule (at least one working day, each holiday date once): on the
 * list itself, or on its `root` when the list is a field array.
 */
function listMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message, root } = error as Partial<RhfFieldError> & { root?: RhfFieldError };
  return typeof message === 'string' ? message : root?.message;
}

const byDay = (a: { day: string }, b: { day: string }) => a.day.localeCompare(b.day);

/** The calendar's form; mounted once the saved calendar is known, which it starts from. */
function DispatchCalendarForm({ calendar }: { calendar: DeliveryCalendarInput }) {
  const save = useSaveDeliveryCalendar();
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<DeliveryCalendarInput>({
    resolver,
    defaultValues: { ...calendar, holidays: [...calendar.holidays].sort(byDay) },
  });
  const holidays = useFieldArray({ control, name: 'holidays' });
  const workingDays = watch('workingDays');

  const submit = handleSubmit((input) => {
    if (inFlight.current || save.isPending) return;
    inFlight.current = true;
    const sorted = {
      ...input,
      workingDays: [...input.workingDays].sort((a, b) => a - b),
      holidays: [...input.holidays].sort(byDay),
    };
    save.mutate(sorted, {
      onSuccess: (saved) => {
        reset({ ...saved, holidays: [...saved.holidays].sort(byDay) });
        notify.success('Dispatch calendar saved.');
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  });

  // The new row's date takes the focus.
  const addHoliday = () => holidays.append({ day: '', name: '' });

  const workingDaysError = listMessage(errors.workingDays);
  const holidaysError = listMessage(errors.holidays);

  return (
    <form
      className="flex flex-col gap-6"
      aria-label="Dispatch calendar"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      {save.isError ? <FieldError>{getErrorMessage(save.error)}</FieldError> : null}

      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <fieldset className="flex flex-col gap-3">
          <legend className="text-lg font-semibold text-slate-900">Working days</legend>
          <p className="text-sm text-slate-600">
            Parcels leave and deliveries are counted on these days only.
            {workingDays.length > 0 ? ` Now: ${workingDaysText(workingDays)}.` : ''}
          </p>
          <Controller
            control={control}
            name="workingDays"
            render={({ field }) => (
              <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4 lg:grid-cols-7">
                {WEEKDAYS.map((day, index) => (
                  <label
                    key={day}
                    className="flex min-h-11 items-center gap-2 text-sm text-slate-800"
                  >
                    <input
                      ref={index === 0 ? field.ref : undefined}
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={field.value.includes(day)}
                      aria-invalid={workingDaysError ? true : undefined}
                      onBlur={field.onBlur}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, day].sort((a, b) => a - b)
                            : field.value.filter((value) => value !== day),
                        )
                      }
                    />
                    {WEEKDAY_NAMES[day]}
                  </label>
                ))}
              </div>
            )}
          />
          {workingDaysError ? <FieldError>{workingDaysError}</FieldError> : null}
        </fieldset>
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Dispatch cut-off</h2>
        <FormField
          label="Daily cut-off (India time)"
          hint="An order confirmed at or after this time leaves on the next working day."
          error={errors.dispatchCutoff?.message}
          className="max-w-xs"
        >
          {(field) => <Input {...field} type="time" {...register('dispatchCutoff')} />}
        </FormField>
      </section>

      <section
        aria-labelledby="dispatch-holidays"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 id="dispatch-holidays" className="text-lg font-semibold text-slate-900">
              Holidays
            </h2>
            <p className="text-sm text-slate-600">
              No parcel leaves and no delivery is promised on these dates.
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={addHoliday}
          >
            Add holiday
          </Button>
        </div>
        {holidays.fields.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            No holidays. Every working day dispatches.
          </p>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden grid-cols-[12rem_1fr_auto] gap-x-3 border-b border-slate-200 pb-2 text-xs font-medium tracking-wide text-slate-600 uppercase sm:grid"
            >
              <span>Date</span>
              <span>Name</span>
              <span />
            </div>
            <ul className="flex flex-col divide-y divide-slate-100">
              {holidays.fields.map((holiday, index) => {
                const rowErrors = errors.holidays?.[index];
                const which = ` of holiday ${index + 1}`;
                return (
                  <li
                    key={holiday.id}
                    className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-2 py-3 sm:grid-cols-[12rem_1fr_auto]"
                  >
                    <FormField
                      label={
                        <>
                          <span className="sm:sr-only">Date</span>
                          <span className="sr-only">{which}</span>
                        </>
                      }
                      error={rowErrors?.day?.message}
                    >
                      {(field) => (
                        <Input {...field} type="date" {...register(`holidays.${index}.day`)} />
                      )}
                    </FormField>
                    <FormField
                      label={
                        <>
                          <span className="sm:sr-only">Name</span>
                          <span className="sr-only">{which}</span>
                        </>
                      }
                      error={rowErrors?.name?.message}
                      className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto"
                    >
                      {(field) => (
                        <Input
                          {...field}
                          {...register(`holidays.${index}.name`)}
                          maxLength={80}
                          placeholder="Diwali"
                        />
                      )}
                    </FormField>
                    <button
                      type="button"
                      className="col-start-2 row-start-1 mt-6 inline-flex size-11 items-center justify-center gap-2 rounded-lg text-sm font-semibold text-red-700 hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-red-700 sm:col-start-3 sm:mt-0 sm:w-auto sm:px-3"
                      aria-label={`Remove holiday ${index + 1}${holiday.name ? `, ${holiday.name}` : ''}`}
                      title="Remove"
                      onClick={() => holidays.remove(index)}
                    >
                      <Trash2 aria-hidden="true" className="size-4 shrink-0" />
                      <span className="hidden sm:inline">Remove</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {holidaysError ? (
          <div className="mt-2">
            <FieldError>{holidaysError}</FieldError>
          </div>
        ) : null}
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isPending={save.isPending} pendingText="Saving...">
          Save calendar
        </Button>
        <Button
          variant="quiet"
          disabled={!isDirty || save.isPending}
          title={isDirty ? 'Back to the saved calendar' : 'Nothing has changed since the last save'}
          onClick={() => {
            save.reset();
            reset();
          }}
        >
          Undo changes
        </Button>
      </div>
    </form>
  );
}

/**
 * Issue 29: the pharmacy's dispatch calendar — the days it works, the daily cut-off (in India)
 * and its holidays — from which every delivery date is counted.
 */
export function DispatchCalendarPage() {
  const calendar = useDeliveryCalendar();

  let body;
  if (calendar.isPending) {
    body = <FormSkeleton label="Loading the dispatch calendar" />;
  } else if (calendar.isError) {
    body = (
      <EmptyState
        icon={<CalendarX2 className="size-8" />}
        title="The dispatch calendar could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void calendar.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(calendar.error)}</span>
      </EmptyState>
    );
  } else {
    body = <DispatchCalendarForm calendar={calendar.data} />;
  }

  return (
    <>
      <PageHeader
        title="Dispatch calendar"
        description="Delivery dates are counted in working days from dispatch, in India time."
      />
      {body}
    </>
  );
}
