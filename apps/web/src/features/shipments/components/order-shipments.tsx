import { useState, type FormEvent } from 'react';
import { ExternalLink, FileDown, PackageCheck, Truck } from 'lucide-react';
import {
  AWB_PATTERN,
  ORDER_STATUS,
  SHIPMENT_EVENT_KINDS,
  SHIPMENT_MESSAGES,
  SHIPMENT_STATUS_LABELS,
  type Order,
  type Shipment,
  type ShipmentEventKind,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { downloadWithSession } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';
import {
  useCouriers,
  useDispatchParcel,
  useRecordShipmentEvent,
  useShipments,
} from '../api/shipments';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

function StatusPill({ status }: { status: Shipment['status'] }) {
  const done = status === 'delivered';
  const trouble = status === 'failed_attempt' || status === 'returned_to_origin';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        done && 'bg-green-50 text-green-800 ring-green-200',
        trouble && 'bg-amber-50 text-amber-900 ring-amber-200',
        !done && !trouble && 'bg-brand-50 text-brand-800 ring-brand-200',
      )}
    >
      {SHIPMENT_STATUS_LABELS[status]}
    </span>
  );
}

/** One parcel: courier, tracking number linking to the courier's page, its events. */
function Parcel({
  shipment,
  index,
  count,
  admin,
  orderId,
}: {
  shipment: Shipment;
  index: number;
  count: number;
  admin: boolean;
  orderId: number;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="text-sm font-semibold text-slate-900">
            {count > 1 ? `Parcel ${index + 1} of ${count} · ` : ''}
            {shipment.courier.name}
          </p>
          <p className="text-sm text-slate-700">
            Tracking number{' '}
            <a
              href={shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              {shipment.awb}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens {shipment.courier.name}’s tracking page)</span>
            </a>
          </p>
          {shipment.note ? <p className="text-xs text-slate-600">{shipment.note}</p> : null}
        </div>
        <StatusPill status={shipment.status} />
      </div>
      {shipment.events.length > 0 ? (
        <ol className="flex flex-col gap-1.5 border-l-2 border-slate-200 pl-3">
          {[...shipment.events].reverse().map((event) => (
            <li key={event.id} className="text-sm">
              <span className="font-medium text-slate-900">
                {SHIPMENT_STATUS_LABELS[event.kind]}
              </span>
              {event.location ? <span className="text-slate-700">, {event.location}</span> : null}
              <span className="text-slate-600">
                {' '}
                ·{' '}
                <time dateTime={event.occurredAt}>
                  {dateTime.format(new Date(event.occurredAt))}
                </time>
              </span>
              {event.note ? (
                <span className="block text-xs text-slate-600">{event.note}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">
          Left the pharmacy{' '}
          <time dateTime={shipment.createdAt}>{dateTime.format(new Date(shipment.createdAt))}</time>
          ; the courier’s updates will appear here.
        </p>
      )}
      {admin && shipment.status !== 'delivered' && shipment.status !== 'returned_to_origin' ? (
        <RecordEvent orderId={orderId} shipmentId={shipment.id} />
      ) : null}
    </li>
  );
}

/** The dispatch desk's hand-recorded tracking event. */
function RecordEvent({ orderId, shipmentId }: { orderId: number; shipmentId: number }) {
  const record = useRecordShipmentEvent(orderId);
  const [kind, setKind] = useState<ShipmentEventKind>('in_transit');
  const [location, setLocation] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    record.mutate(
      { shipmentId, event: { kind, location: location.trim() || null } },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setLocation('');
        },
        onError: (error) => notify.error(getErrorMessage(error)),
      },
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Record an event">
      <FormField label="Event" className="min-w-36 flex-1">
        {(field) => (
          <Select
            {...field}
            value={kind}
            onChange={(event) => setKind(event.target.value as ShipmentEventKind)}
          >
            {SHIPMENT_EVENT_KINDS.map((option) => (
              <option key={option} value={option}>
                {SHIPMENT_STATUS_LABELS[option]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Location (optional)" className="min-w-36 flex-1">
        {(field) => (
          <Input
            {...field}
            maxLength={80}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" isPending={record.isPending} pendingText="Saving…">
        Record
      </Button>
    </form>
  );
}

/** Hand an order (or one more parcel of it) to a courier with its tracking number. */
function DispatchForm({ order }: { order: Order }) {
  const couriers = useCouriers(true);
  const dispatch = useDispatchParcel(order.id);
  const [courierId, setCourierId] = useState('');
  const [awb, setAwb] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ courierId?: string; awb?: string }>({});
  const active = couriers.data?.couriers.filter((courier) => courier.isActive) ?? [];
  const first = order.statusId === ORDER_STATUS.PACKING;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      courierId: courierId ? undefined : SHIPMENT_MESSAGES.courierId,
      awb: AWB_PATTERN.test(awb.trim()) ? undefined : SHIPMENT_MESSAGES.awb,
    };
    setErrors(found);
    if (found.courierId || found.awb) return;
    dispatch.mutate(
      { courierId: Number(courierId), awb: awb.trim(), note: note.trim() || null },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setAwb('');
          setNote('');
        },
        onError: (error) => notify.error(getErrorMessage(error)),
      },
    );
  }

  if (couriers.isPending)
    return (
      <LoadingRegion label="Loading couriers">
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  if (couriers.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {getErrorMessage(couriers.error)}
      </p>
    );
  if (active.length === 0)
    return (
      <p className="text-sm text-slate-700">
        Add a courier (Delivery → Couriers) to dispatch parcels with a tracking number.
      </p>
    );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3"
      aria-label="Dispatch a parcel"
    >
      <p className="text-sm font-semibold text-slate-900">
        {first ? 'Dispatch this order' : 'Send another parcel'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Courier" error={errors.courierId}>
          {(field) => (
            <Select {...field} value={courierId} onChange={(e) => setCourierId(e.target.value)}>
              <option value="">Choose a courier</option>
              {active.map((courier) => (
                <option key={courier.id} value={courier.id}>
                  {courier.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Tracking number (AWB)" error={errors.awb}>
          {(field) => (
            <Input
              {...field}
              maxLength={40}
              autoComplete="off"
              value={awb}
              onChange={(e) => setAwb(e.target.value)}
            />
          )}
        </FormField>
      </div>
      <FormField label="What is in it (optional)" hint="For a split order, e.g. “Box 1 of 2”.">
        {(field) => (
          <Input
            {...field}
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </FormField>
      <Button
        type="submit"
        variant="primary"
        icon={<Truck aria-hidden="true" className="size-4" />}
        isPending={dispatch.isPending}
        pendingText="Dispatching…"
      >
        {first ? 'Dispatch' : 'Dispatch parcel'}
      </Button>
    </form>
  );
}

/**
 * Issue 29: the order's parcels with their courier, tracking number (linking to the courier's
 * page) and events, for the owner and the pharmacy; for staff with orders.fulfil (issue 32) also
 * the dispatch form, a tracking event by hand and the packing slip.
 */
export function OrderShipments({ order, canFulfil }: { order: Order; canFulfil: boolean }) {
  const shipments = useShipments(order.id);
  const [slipPending, setSlipPending] = useState(false);
  const canDispatch =
    canFulfil &&
    (order.statusId === ORDER_STATUS.PACKING || order.statusId === ORDER_STATUS.DISPATCHED);
  const list = shipments.data?.shipments ?? [];
  if (!canFulfil && list.length === 0 && !shipments.isPending && !shipments.isError) return null;

  async function downloadSlip() {
    setSlipPending(true);
    try {
      await downloadWithSession(`/api/order/${order.id}/packing-slip.pdf`, {
        accept: 'application/pdf',
        fallbackName: `packing-slip-${order.id}.pdf`,
        failure: 'The packing slip could not be made.',
      });
    } catch (error) {
      notify.error(getErrorMessage(error));
    } finally {
      setSlipPending(false);
    }
  }

  return (
    <Card className="p-4 sm:p-5" aria-labelledby={`shipments-${order.id}`} role="region">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2
          id={`shipments-${order.id}`}
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <PackageCheck aria-hidden="true" className="size-5 text-brand-700" />
          Delivery
        </h2>
        {canFulfil ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<FileDown aria-hidden="true" className="size-4" />}
            isPending={slipPending}
            pendingText="Preparing…"
            onClick={() => void downloadSlip()}
          >
            Packing slip
          </Button>
        ) : null}
      </div>
      {shipments.isPending ? (
        <LoadingRegion label="Loading parcels">
          <Skeleton className="h-16 w-full" />
        </LoadingRegion>
      ) : shipments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {getErrorMessage(shipments.error)}
          <Button variant="secondary" size="sm" onClick={() => void shipments.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">Not dispatched yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {list.map((shipment, index) => (
            <Parcel
              key={shipment.id}
              shipment={shipment}
              index={index}
              count={list.length}
              admin={canFulfil}
              orderId={order.id}
            />
          ))}
        </ul>
      )}
      {canDispatch ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <DispatchForm order={order} />
        </div>
      ) : null}
    </Card>
  );
}
