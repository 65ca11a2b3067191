import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  deliveryAreaInputSchema,
  MAX_DELIVERY_DAYS,
  type DeliveryArea,
  type DeliveryAreaInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { NumberInput } from '../../../components/ui/number-input';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSaveDeliveryArea } from '../api/save-delivery-area';
import { pincodeRangeText } from '../lib/area-text';

/** The area as its form holds it: text where the admin types, ticks where they tick. */
export interface DeliveryAreaFormValues {
  pincodeFrom: string;
  /** Empty for a single pincode. */
  pincodeTo: string;
  zone: string;
  serviceable: boolean;
  deliveryDays: string;
  cashOnDelivery: boolean;
  sameDay: boolean;
  /** HH:mm, as a time field holds it; empty when none. */
  sameDayCutoff: string;
}

/**
 * The form's text read as the API's area. An empty or unreadable number stays NaN so the shared
 * schema refuses it with its own sentence; a cut-off only counts when same-day is ticked.
 */
export function deliveryAreaInputOfForm(
  form: DeliveryAreaFormValues,
): z.input<typeof deliveryAreaInputSchema> {
  const days = form.deliveryDays.trim();
  const pincodeTo = form.pincodeTo.trim();
  return {
    pincodeFrom: form.pincodeFrom,
    pincodeTo: pincodeTo === '' ? undefined : pincodeTo,
    zone: form.zone,
    serviceable: form.serviceable,
    deliveryDays: days === '' ? Number.NaN : Number(days),
    cashOnDelivery: form.cashOnDelivery,
    sameDay: form.sameDay,
    sameDayCutoff: form.sameDay && form.sameDayCutoff !== '' ? form.sameDayCutoff : null,
  };
}

/**
 * The form's rule: its text read as the API's area, then the API's own schema, so the form and
 * the server refuse the same areas with the same sentences, on the same field names.
 */
const deliveryAreaFormSchema = z
  .custom<DeliveryAreaFormValues>((value) => typeof value === 'object' && value !== null)
  .transform(deliveryAreaInputOfForm)
  .pipe(deliveryAreaInputSchema);

const resolver = zodResolver(deliveryAreaFormSchema);

function initialValues(
  area: DeliveryArea | undefined,
  initialPincode: string | undefined,
): DeliveryAreaFormValues {
  return {
    pincodeFrom: area?.pincodeFrom ?? initialPincode ?? '',
    pincodeTo: area && area.pincodeTo !== area.pincodeFrom ? area.pincodeTo : '',
    zone: area?.zone ?? '',
    serviceable: area?.serviceable ?? true,
    deliveryDays: area ? String(area.deliveryDays) : '',
    cashOnDelivery: area?.cashOnDelivery ?? true,
    sameDay: area?.sameDay ?? false,
    sameDayCutoff: area?.sameDayCutoff ?? '',
  };
}

const checkboxLabel = 'flex min-h-11 items-center gap-2 text-sm text-slate-800';
const checkbox = 'size-4 accent-brand-700';

/**
 * Add or change one delivery area; the shared schema checks it here and again on the server.
 * `initialPincode` starts a new area with the pincode the admin just looked up.
 */
export function DeliveryAreaForm({
  area,
  initialPincode,
  onDone,
}: {
  area?: DeliveryArea;
  initialPincode?: string;
  onDone: () => void;
}) {
  const save = useSaveDeliveryArea(area?.id);
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<DeliveryAreaFormValues, unknown, DeliveryAreaInput>({
    resolver,
    defaultValues: initialValues(area, initialPincode),
  });
  const sameDay = watch('sameDay');
  const serviceable = watch('serviceable');

  const submit = handleSubmit((input) => {
    if (inFlight.current || save.isPending) return;
    inFlight.current = true;
    save.mutate(input, {
      onSuccess: (saved) => {
        const what = `${saved.zone} (${pincodeRangeText(saved)})`;
        notify.success(area ? `Delivery area ${what} saved.` : `Delivery area ${what} added.`);
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
        <FormField label="From pincode" error={errors.pincodeFrom?.message}>
          {(field) => (
            <Input
              {...field}
              {...register('pincodeFrom')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              placeholder="560001"
            />
          )}
        </FormField>
        <FormField
          label="To pincode (optional)"
          hint="Leave empty for one pincode."
          error={errors.pincodeTo?.message}
        >
          {(field) => (
            <Input
              {...field}
              {...register('pincodeTo')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              placeholder="560110"
            />
          )}
        </FormField>
      </div>
      <FormField
        label="Zone"
        hint="A name the team knows the area by, like Bengaluru."
        error={errors.zone?.message}
      >
        {(field) => <Input {...field} {...register('zone')} maxLength={60} />}
      </FormField>
      <label className={checkboxLabel}>
        <input type="checkbox" className={checkbox} {...register('serviceable')} />
        We deliver to these pincodes
      </label>
      {serviceable ? null : (
        <p className="-mt-3 text-sm text-amber-800">
          Not served: shoppers here are told we do not deliver to them yet, and the address step
          refuses their address.
        </p>
      )}
      <div className="flex flex-wrap gap-x-6">
        <label className={checkboxLabel}>
          <input type="checkbox" className={checkbox} {...register('cashOnDelivery')} />
          Cash on delivery
        </label>
        <label className={checkboxLabel}>
          <input type="checkbox" className={checkbox} {...register('sameDay')} />
          Same-day delivery
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Days to deliver"
          hint={`Working days from dispatch to the door, 0 to ${MAX_DELIVERY_DAYS}.`}
          error={errors.deliveryDays?.message}
        >
          {(field) => (
            <NumberInput {...field} {...register('deliveryDays')} min={0} max={MAX_DELIVERY_DAYS} />
          )}
        </FormField>
        {sameDay ? (
          <FormField
            label="Same-day cut-off"
            hint="Orders confirmed before this time (India) on a working day arrive the same day."
            error={errors.sameDayCutoff?.message}
          >
            {(field) => <Input {...field} type="time" {...register('sameDayCutoff')} />}
          </FormField>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={save.isPending} pendingText="Saving...">
          {area ? 'Save changes' : 'Add area'}
        </Button>
        <Button type="button" variant="quiet" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
