import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { Controller, useForm, type FieldError as RhfFieldError } from 'react-hook-form';
import {
  couponFormSchema,
  type Coupon,
  type CouponFormValues,
  type CouponInputParsed,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useCouponDivisions } from '../api/get-divisions';
import { useSaveCoupon } from '../api/save-coupon';

/** 'yyyy-MM-ddTHH:mm' in the admin's own time zone, as a datetime-local field shows it. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

const text = (value: number | null) => (value === null ? '' : String(value));

function initialValues(coupon: Coupon | undefined): CouponFormValues {
  return {
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    kind: coupon?.kind ?? 'percent',
    percentOff: text(coupon?.percentOff ?? null),
    amountOff: text(coupon?.amountOff ?? null),
    maxDiscount: text(coupon?.maxDiscount ?? null),
    minOrderValue: coupon ? String(coupon.minOrderValue) : '0',
    startsAt: localInput(coupon?.startsAt ?? new Date().toISOString()),
    endsAt: localInput(coupon?.endsAt ?? null),
    usageLimit: text(coupon?.usageLimit ?? null),
    perCustomerLimit: text(coupon?.perCustomerLimit ?? null),
    divisionIds: coupon?.divisionIds ?? [],
    productIds: coupon?.productIds.join(', ') ?? '',
    excludePrescription: coupon?.excludePrescription ?? false,
    isActive: coupon?.isActive ?? true,
  };
}

const resolver = zodResolver(couponFormSchema);

/**
 * The message of a field's error; the id lists' errors sit on the id that is wrong
 * ('productIds.2'), so the first of those is the list's message.
 */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as Partial<RhfFieldError>;
  if (typeof message === 'string') return message;
  for (const item of Object.values(error)) {
    const nested = messageOf(item);
    if (nested) return nested;
  }
  return undefined;
}

/** Create or edit one coupon code; the shared schema checks it here and again on the server. */
export function CouponForm({ coupon, onDone }: { coupon?: Coupon; onDone: () => void }) {
  const save = useSaveCoupon(coupon?.id);
  const divisions = useCouponDivisions();
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CouponFormValues, unknown, CouponInputParsed>({
    resolver,
    defaultValues: initialValues(coupon),
  });
  const kind = watch('kind');
  const error = (key: keyof CouponFormValues) => messageOf(errors[key]);

  const submit = handleSubmit((input) => {
    if (inFlight.current || save.isPending) return;
    inFlight.current = true;
    save.mutate(input, {
      onSuccess: onDone,
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
          label="Code"
          error={error('code')}
          hint="3 to 40 letters, digits, - or _; shoppers may type it in any case."
        >
          {(field) => (
            <Input
              {...field}
              {...register('code')}
              className="uppercase"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
            />
          )}
        </FormField>
        <FormField label="Description (optional)" error={error('description')}>
          {(field) => <Input {...field} {...register('description')} maxLength={200} />}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">Discount</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['percent', 'Percentage'],
              ['fixed', 'Fixed amount'],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={kind}
                {...register('kind')}
                className="size-4 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {kind === 'percent' ? (
          <FormField label="Percent off" error={error('percentOff')}>
            {(field) => <Input {...field} {...register('percentOff')} inputMode="numeric" />}
          </FormField>
        ) : (
          <FormField label="Amount off (₹)" error={error('amountOff')}>
            {(field) => <Input {...field} {...register('amountOff')} inputMode="decimal" />}
          </FormField>
        )}
        <FormField label="Maximum discount (₹, optional)" error={error('maxDiscount')}>
          {(field) => <Input {...field} {...register('maxDiscount')} inputMode="decimal" />}
        </FormField>
        <FormField label="Minimum order value (₹)" error={error('minOrderValue')}>
          {(field) => <Input {...field} {...register('minOrderValue')} inputMode="decimal" />}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Valid from" error={error('startsAt')}>
          {(field) => <Input {...field} type="datetime-local" {...register('startsAt')} />}
        </FormField>
        <FormField label="Valid until (optional)" error={error('endsAt')}>
          {(field) => <Input {...field} type="datetime-local" {...register('endsAt')} />}
        </FormField>
        <FormField label="Total uses (optional)" error={error('usageLimit')}>
          {(field) => <Input {...field} {...register('usageLimit')} inputMode="numeric" />}
        </FormField>
        <FormField label="Uses per customer (optional)" error={error('perCustomerLimit')}>
          {(field) => <Input {...field} {...register('perCustomerLimit')} inputMode="numeric" />}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">
          Only these divisions (none ticked: every division)
        </legend>
        {divisions.isPending ? (
          <p className="text-sm text-slate-600">Loading divisions...</p>
        ) : divisions.isError ? (
          <p className="text-sm text-red-700">The divisions could not be loaded.</p>
        ) : (
          <Controller
            control={control}
            name="divisionIds"
            render={({ field }) => (
              <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
                {divisions.data.map((division, index) => (
                  <label key={division.id} className="flex min-h-9 items-center gap-2 text-sm">
                    <input
                      ref={index === 0 ? field.ref : undefined}
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={field.value.includes(division.id)}
                      onBlur={field.onBlur}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, division.id]
                            : field.value.filter((id) => id !== division.id),
                        )
                      }
                    />
                    {division.name}
                  </label>
                ))}
              </div>
            )}
          />
        )}
        {error('divisionIds') ? <FieldError>{error('divisionIds')}</FieldError> : null}
      </fieldset>
      <FormField
        label="Only these product IDs (optional)"
        hint="Separated by commas. With divisions too, a line counts if either matches."
        error={error('productIds')}
      >
        {(field) => <Input {...field} {...register('productIds')} inputMode="numeric" />}
      </FormField>
      <div className="flex flex-wrap gap-6">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            {...register('excludePrescription')}
          />
          Not for prescription medicines
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4 accent-brand-700" {...register('isActive')} />
          Active
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={save.isPending} pendingText="Saving...">
          {coupon ? 'Save changes' : 'Create coupon'}
        </Button>
        <Button type="button" variant="quiet" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
