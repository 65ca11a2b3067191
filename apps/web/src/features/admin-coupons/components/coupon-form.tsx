import { useState, type FormEvent } from 'react';
import { couponInputSchema, type Coupon, type CouponInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useCouponDivisions } from '../api/get-divisions';
import { useSaveCoupon } from '../api/save-coupon';

interface FormState {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  percentOff: string;
  amountOff: string;
  maxDiscount: string;
  minOrderValue: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  divisionIds: number[];
  productIds: string;
  excludePrescription: boolean;
  isActive: boolean;
}

/** 'yyyy-MM-ddTHH:mm' in the admin's own time zone, as a datetime-local field shows it. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

const text = (value: number | null) => (value === null ? '' : String(value));

function initialState(coupon: Coupon | undefined): FormState {
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

/** Empty stays null; anything else is read as a number (the schema says what is wrong with it). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));
const isoOrText = (value: string) => {
  if (value.trim() === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

function toInput(state: FormState): CouponInput {
  return {
    code: state.code,
    description: state.description.trim() === '' ? null : state.description,
    kind: state.kind,
    percentOff: state.kind === 'percent' ? numberOrNull(state.percentOff) : null,
    amountOff: state.kind === 'fixed' ? numberOrNull(state.amountOff) : null,
    maxDiscount: numberOrNull(state.maxDiscount),
    minOrderValue: numberOrNull(state.minOrderValue) ?? 0,
    startsAt: isoOrText(state.startsAt),
    endsAt: state.endsAt.trim() === '' ? null : isoOrText(state.endsAt),
    usageLimit: numberOrNull(state.usageLimit),
    perCustomerLimit: numberOrNull(state.perCustomerLimit),
    divisionIds: state.divisionIds,
    productIds: state.productIds
      .split(/[\s,]+/)
      .filter((part) => part !== '')
      .map(Number),
    excludePrescription: state.excludePrescription,
    isActive: state.isActive,
  };
}

type FieldErrors = Partial<Record<keyof CouponInput, string>>;

/** Create or edit one coupon code; the shared schema checks it here and again on the server. */
export function CouponForm({ coupon, onDone }: { coupon?: Coupon; onDone: () => void }) {
  const [state, setState] = useState<FormState>(() => initialState(coupon));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveCoupon(coupon?.id);
  const divisions = useCouponDivisions();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(state);
    const parsed = couponInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof CouponInput | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (!save.isPending) save.mutate(input, { onSuccess: onDone });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {save.isError ? <FieldError>{getErrorMessage(save.error)}</FieldError> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Code"
          error={errors.code}
          hint="3 to 40 letters, digits, - or _; shoppers may type it in any case."
        >
          {(field) => (
            <Input
              {...field}
              value={state.code}
              className="uppercase"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              onChange={(event) => set('code', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Description (optional)" error={errors.description}>
          {(field) => (
            <Input
              {...field}
              value={state.description}
              maxLength={200}
              onChange={(event) => set('description', event.target.value)}
            />
          )}
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
                name="kind"
                value={kind}
                checked={state.kind === kind}
                onChange={() => set('kind', kind)}
                className="size-4 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {state.kind === 'percent' ? (
          <FormField label="Percent off" error={errors.percentOff}>
            {(field) => (
              <Input
                {...field}
                value={state.percentOff}
                inputMode="numeric"
                onChange={(event) => set('percentOff', event.target.value)}
              />
            )}
          </FormField>
        ) : (
          <FormField label="Amount off (₹)" error={errors.amountOff}>
            {(field) => (
              <Input
                {...field}
                value={state.amountOff}
                inputMode="decimal"
                onChange={(event) => set('amountOff', event.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField label="Maximum discount (₹, optional)" error={errors.maxDiscount}>
          {(field) => (
            <Input
              {...field}
              value={state.maxDiscount}
              inputMode="decimal"
              onChange={(event) => set('maxDiscount', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Minimum order value (₹)" error={errors.minOrderValue}>
          {(field) => (
            <Input
              {...field}
              value={state.minOrderValue}
              inputMode="decimal"
              onChange={(event) => set('minOrderValue', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Valid from" error={errors.startsAt}>
          {(field) => (
            <Input
              {...field}
              type="datetime-local"
              value={state.startsAt}
              onChange={(event) => set('startsAt', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Valid until (optional)" error={errors.endsAt}>
          {(field) => (
            <Input
              {...field}
              type="datetime-local"
              value={state.endsAt}
              onChange={(event) => set('endsAt', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Total uses (optional)" error={errors.usageLimit}>
          {(field) => (
            <Input
              {...field}
              value={state.usageLimit}
              inputMode="numeric"
              onChange={(event) => set('usageLimit', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Uses per customer (optional)" error={errors.perCustomerLimit}>
          {(field) => (
            <Input
              {...field}
              value={state.perCustomerLimit}
              inputMode="numeric"
              onChange={(event) => set('perCustomerLimit', event.target.value)}
            />
          )}
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
          <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
            {divisions.data.map((division) => (
              <label key={division.id} className="flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={state.divisionIds.includes(division.id)}
                  onChange={(event) =>
                    set(
                      'divisionIds',
                      event.target.checked
                        ? [...state.divisionIds, division.id]
                        : state.divisionIds.filter((id) => id !== division.id),
                    )
                  }
                />
                {division.name}
              </label>
            ))}
          </div>
        )}
        {errors.divisionIds ? <FieldError>{errors.divisionIds}</FieldError> : null}
      </fieldset>
      <FormField
        label="Only these product IDs (optional)"
        hint="Separated by commas. With divisions too, a line counts if either matches."
        error={errors.productIds}
      >
        {(field) => (
          <Input
            {...field}
            value={state.productIds}
            inputMode="numeric"
            onChange={(event) => set('productIds', event.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-6">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={state.excludePrescription}
            onChange={(event) => set('excludePrescription', event.target.checked)}
          />
          Not for prescription medicines
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={state.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
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
