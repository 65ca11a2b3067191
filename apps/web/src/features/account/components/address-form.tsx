import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addressInputSchema, type Address, type AddressInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';

type AddressFormValues = z.input<typeof addressInputSchema>;

const COUNTRY = 'India';

function valuesOf(address?: Address): AddressFormValues {
  return {
    name: address?.name ?? '',
    phone: address?.phone ?? '',
    street: address?.street ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: COUNTRY,
    pinCode: address?.pinCode ?? '',
    alternatePhone: address?.alternatePhone ?? '',
    isPrimary: address?.isPrimary ?? false,
  };
}

/**
 * Spec §3 / §5 address fields with the '{Field} is required' messages of the shared schema.
 * Country is fixed to India (DECISIONS), shown but not editable. `primaryLocked` is set when the
 * address is (or will be, as the first one) the default anyway, since un-ticking it is ignored.
 */
export function AddressForm({
  address,
  primaryLocked,
  primaryLockedReason,
  isPending,
  submitLabel,
  onSubmit,
}: {
  address?: Address;
  primaryLocked: boolean;
  primaryLockedReason?: string;
  isPending: boolean;
  submitLabel: string;
  onSubmit: (input: AddressInput) => Promise<void>;
}) {
  const inFlight = useRef(false);
  const primaryId = useId();
  const primaryHintId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, AddressInput>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: valuesOf(address),
  });

  const submit = handleSubmit(async (values) => {
    // A double click (or Enter pressed twice) must not save the address twice.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await onSubmit({
        ...values,
        country: COUNTRY,
        alternatePhone: values.alternatePhone?.trim() || null,
        isPrimary: primaryLocked ? true : Boolean(values.isPrimary),
      });
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Address" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          {(field) => <Input {...field} {...register('name')} autoComplete="name" />}
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          {(field) => (
            <Input
              {...field}
              {...register('phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
            />
          )}
        </FormField>
        <FormField label="Street" error={errors.street?.message} className="sm:col-span-2">
          {(field) => <Input {...field} {...register('street')} autoComplete="street-address" />}
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          {(field) => <Input {...field} {...register('city')} autoComplete="address-level2" />}
        </FormField>
        <FormField label="State" error={errors.state?.message}>
          {(field) => <Input {...field} {...register('state')} autoComplete="address-level1" />}
        </FormField>
        <FormField
          label="Country"
          hint="We deliver within India only."
          error={errors.country?.message}
        >
          {(field) => (
            <Input
              {...field}
              {...register('country')}
              readOnly
              aria-readonly="true"
              autoComplete="country-name"
              className="bg-slate-100 text-slate-700"
            />
          )}
        </FormField>
        <FormField label="Pin Code" error={errors.pinCode?.message}>
          {(field) => (
            <Input
              {...field}
              {...register('pinCode')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
            />
          )}
        </FormField>
        <FormField label="Alternate phone" hint="Optional." error={errors.alternatePhone?.message}>
          {(field) => (
            <Input
              {...field}
              {...register('alternatePhone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          {primaryLocked ? (
            <input
              key="locked"
              id={primaryId}
              type="checkbox"
              checked
              disabled
              readOnly
              aria-describedby={primaryHintId}
              className="size-4 accent-brand-700"
            />
          ) : (
            <input
              key="choice"
              id={primaryId}
              type="checkbox"
              {...register('isPrimary')}
              className="size-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            />
          )}
          <label htmlFor={primaryId} className="text-sm font-medium text-slate-800">
            Make this my default address
          </label>
        </div>
        {primaryLocked && primaryLockedReason ? (
          <p id={primaryHintId} className="pl-6 text-xs text-slate-600">
            {primaryLockedReason}
          </p>
        ) : null}
      </div>
      <div>
        <Button
          type="submit"
          isPending={isPending}
          pendingText="Saving..."
          icon={<Save aria-hidden="true" className="size-4" />}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
