import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Pencil, Plus, Truck } from 'lucide-react';
import { courierInputSchema, trackingUrl, type Courier, type CourierInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCouriers, useSaveCourier } from '../api/couriers';

/** The courier's form: the shared schema's rules and sentences, as the server applies them. */
function CourierForm({ courier, onDone }: { courier?: Courier; onDone: () => void }) {
  const save = useSaveCourier(courier?.id);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof courierInputSchema>, unknown, CourierInput>({
    resolver: zodResolver(courierInputSchema),
    defaultValues: {
      name: courier?.name ?? '',
      trackingUrlTemplate: courier?.trackingUrlTemplate ?? 'https://',
      isActive: courier?.isActive ?? true,
    },
  });
  const template = watch('trackingUrlTemplate') ?? '';
  const example = template.includes('{awb}') ? trackingUrl(template, 'AWB123') : null;
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notify.success(`${saved.name} saved`);
        onDone();
      },
    }),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      {save.isError ? <FieldError>{getErrorMessage(save.error)}</FieldError> : null}
      <FormField label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} maxLength={60} {...register('name')} />}
      </FormField>
      <FormField
        label="Tracking page"
        error={errors.trackingUrlTemplate?.message}
        hint={
          example ? (
            <>
              For tracking number AWB123: <span className="break-all">{example}</span>
            </>
          ) : (
            'Write {awb} where the tracking number goes.'
          )
        }
      >
        {(field) => (
          <Input
            {...field}
            inputMode="url"
            maxLength={300}
            placeholder="https://www.example.com/track/{awb}"
            {...register('trackingUrlTemplate')}
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4 accent-brand-700" {...register('isActive')} />
        In use (offered when dispatching)
      </label>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={save.isPending} pendingText="Saving…">
          Save courier
        </Button>
      </div>
    </form>
  );
}

/**
 * Issue 29: the couriers parcels leave with, each with its tracking page. A courier is never
 * removed (its parcels keep pointing at it); one no longer used is turned off.
 */
export function CouriersPage() {
  const couriers = useCouriers();
  const [editing, setEditing] = useState<Courier | 'new' | null>(null);
  const close = () => setEditing(null);

  let body;
  if (couriers.isPending)
    body = (
      <LoadingRegion label="Loading couriers" className="flex flex-col gap-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </LoadingRegion>
    );
  else if (couriers.isError)
    body = (
      <EmptyState
        title="We could not load the couriers."
        action={
          <Button variant="secondary" onClick={() => void couriers.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else if (couriers.data.couriers.length === 0)
    body = (
      <EmptyState
        icon={<Truck className="size-8" />}
        title="No couriers yet."
        action={
          <Button
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => setEditing('new')}
          >
            Add courier
          </Button>
        }
      />
    );
  else
    body = (
      <Card>
        <ul className="divide-y divide-slate-200">
          {couriers.data.couriers.map((courier) => (
            <li key={courier.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="flex items-center gap-2 font-semibold text-slate-900">
                  {courier.name}
                  <span
                    className={
                      courier.isActive
                        ? 'rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200'
                        : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200'
                    }
                  >
                    {courier.isActive ? 'In use' : 'Not in use'}
                  </span>
                </p>
                <p className="text-sm break-all text-slate-600">{courier.trackingUrlTemplate}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                icon={<Pencil aria-hidden="true" className="size-4" />}
                onClick={() => setEditing(courier)}
                aria-label={`Edit ${courier.name}`}
              >
                Edit
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    );

  return (
    <div className="flex flex-col">
      <PageHeader
        title="Couriers"
        description="A courier no longer in use is kept for the parcels it carried; turn it off instead."
        actions={
          couriers.data && couriers.data.couriers.length > 0 ? (
            <Button
              icon={<Plus aria-hidden="true" className="size-4" />}
              onClick={() => setEditing('new')}
            >
              Add courier
            </Button>
          ) : undefined
        }
      />
      {body}
      <Dialog
        open={editing !== null}
        onClose={close}
        title={editing === 'new' ? 'Add courier' : `Edit ${editing?.name ?? ''}`}
      >
        {editing !== null ? (
          <CourierForm courier={editing === 'new' ? undefined : editing} onDone={close} />
        ) : null}
      </Dialog>
    </div>
  );
}
