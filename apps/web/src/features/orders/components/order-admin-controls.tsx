import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CANCEL_CONFIRM,
  CONFIRM_CANCEL,
  ORDER_STATUS,
  ORDER_STATUS_FLOW,
  ORDER_STATUS_NAMES,
  orderDeliveryDateFormSchema,
  type Order,
  type OrderDeliveryDateFormValues,
  type OrderStatusId,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Select } from '../../../components/ui/form-field';
import { useDismiss } from '../../../hooks/use-dismiss';
import { useUpdateOrder } from '../api/update-order';

/** Spec §2 cancel: a confirm popover ('Are you sure you want to cancel' / 'Confirm Cancel'). */
function CancelOrder({
  onConfirm,
  isPending,
  open,
  setOpen,
}: {
  /** The reason the customer reads in the cancellation mail and on the order (issue 19). */
  onConfirm: (reason: string) => void;
  isPending: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const textId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const onDismiss = useCallback(
    (reason: 'outside' | 'escape') => {
      setOpen(false);
      if (reason === 'escape') triggerRef.current?.focus();
    },
    [setOpen],
  );
  useDismiss(rootRef, open, onDismiss);

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={triggerRef}
        variant="danger"
        className="w-full"
        icon={<Ban aria-hidden="true" className="size-4" />}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen(!open)}
      >
        Cancel Order
      </Button>
      {open ? (
        <div
          id={popoverId}
          role="alertdialog"
          aria-modal="false"
          aria-describedby={textId}
          aria-label="Cancel order"
          className="absolute right-0 bottom-full left-0 z-20 mb-2 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          <p id={textId} className="text-sm font-medium text-slate-900">
            {CANCEL_CONFIRM}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            The order stops, its items go back into stock and anything paid is refunded in full.
            This cannot be undone.
          </p>
          <label htmlFor={reasonId} className="mt-3 block text-xs font-medium text-slate-800">
            Reason the customer reads (optional)
          </label>
          <Input
            id={reasonId}
            value={reason}
            maxLength={500}
            placeholder="Cancelled by the pharmacy"
            onChange={(event) => setReason(event.target.value)}
            className="mt-1"
          />
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              size="sm"
              autoFocus
              onClick={() => {
                setOpen(false);
                triggerRef.current?.focus();
              }}
            >
              Keep order
            </Button>
            <Button
              variant="danger"
              size="sm"
              isPending={isPending}
              pendingText="Cancelling…"
              onClick={() => onConfirm(reason.trim())}
            >
              {CONFIRM_CANCEL}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

const dateResolver = zodResolver(orderDeliveryDateFormSchema);

/**
 * Issue 16 order state machine: the dropdown offers the current status, then the ones the server
 * allows next (dispensing.nextStatusIds) in the order an order lives through them.
 */
export function statusChoices(currentId: number, nextStatusIds: readonly number[]): number[] {
  return [
    currentId,
    ...ORDER_STATUS_FLOW.filter((id) => id !== currentId && nextStatusIds.includes(id)),
  ];
}

/**
 * Spec §2 / §4 admin controls of an order: the status dropdown ('Order status updated
 * successfully'), the expected delivery date (yyyy-MM-dd; 'Expected delivery date updated
 * successfully') and cancelling through the confirm popover. Issue 16: the dropdown offers only
 * the statuses the server allows next, Cancel Order only when cancelling is one of them, and a
 * refusal (409) shows the server's reason as the error toast. Choosing Cancelled in the dropdown
 * asks through the same popover. The page hides this for Delivered and Cancelled orders.
 */
export function OrderAdminControls({
  order,
  nextStatusIds,
  canSetDate = true,
}: {
  order: Order;
  /** The statuses the server allows this role to set next (dispensing.nextStatusIds). */
  nextStatusIds: readonly number[];
  /** Issue 32: the expected delivery date is orders.fulfil's (support only cancels). */
  canSetDate?: boolean;
}) {
  const statusFieldId = useId();
  const dateFieldId = useId();
  const update = useUpdateOrder(order.id);
  const dateErrorId = useId();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<OrderDeliveryDateFormValues>({
    resolver: dateResolver,
    // The saved date again once the order answers with it.
    values: { expectedDeliveryDate: order.expectedDeliveryDate ?? '' },
  });
  const date = watch('expectedDeliveryDate');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const dateUnchanged = date === (order.expectedDeliveryDate ?? '');
  const choices = statusChoices(order.statusId, nextStatusIds);
  const canCancel = nextStatusIds.includes(ORDER_STATUS.CANCELLED);
  const onlyCurrent = choices.length <= 1;
  const hintId = useId();

  const saveDate = handleSubmit(({ expectedDeliveryDate }) => {
    // The pending flag disables the controls; this guards a second Enter in the same frame too.
    if (update.isPending || expectedDeliveryDate === order.expectedDeliveryDate) return;
    update.mutate({ expectedDeliveryDate });
  });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <label htmlFor={statusFieldId} className="text-sm font-medium text-slate-800">
          Order status
        </label>
        <Select
          id={statusFieldId}
          value={order.statusId}
          disabled={update.isPending || onlyCurrent}
          aria-describedby={onlyCurrent ? hintId : undefined}
          onChange={(event) => {
            const statusId = Number(event.target.value);
            if (statusId === order.statusId) return;
            if (statusId === ORDER_STATUS.CANCELLED) setConfirmOpen(true);
            else update.mutate({ statusId });
          }}
        >
          {choices.map((id) => (
            <option key={id} value={id}>
              {ORDER_STATUS_NAMES[id as OrderStatusId] ?? `Status ${id}`}
            </option>
          ))}
        </Select>
        {onlyCurrent ? (
          <p id={hintId} className="text-xs text-slate-600">
            The next status follows from the customer&apos;s or the pharmacist&apos;s step.
          </p>
        ) : null}
      </div>
      {canSetDate ? (
        <form className="flex flex-col gap-1" onSubmit={(event) => void saveDate(event)}>
          <label htmlFor={dateFieldId} className="text-sm font-medium text-slate-800">
            Expected delivery date
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={dateFieldId}
              type="date"
              min={order.createdAt.slice(0, 10)}
              aria-invalid={errors.expectedDeliveryDate ? true : undefined}
              aria-describedby={errors.expectedDeliveryDate ? dateErrorId : undefined}
              {...register('expectedDeliveryDate')}
              className="w-auto min-w-0 flex-1"
            />
            <Button
              type="submit"
              variant="secondary"
              // Also while the status change before it is still refreshing the order: the save
              // below ignores a submit then, and an enabled button that does nothing misleads.
              disabled={!date || dateUnchanged || update.isPending}
              isPending={update.isPending && update.variables?.expectedDeliveryDate !== undefined}
            >
              Save date
            </Button>
          </div>
          {errors.expectedDeliveryDate ? (
            <FieldError id={dateErrorId}>{errors.expectedDeliveryDate.message}</FieldError>
          ) : null}
        </form>
      ) : null}
      {canCancel ? (
        <CancelOrder
          open={confirmOpen}
          setOpen={setConfirmOpen}
          isPending={update.isPending && update.variables?.statusId === ORDER_STATUS.CANCELLED}
          onConfirm={(reason) =>
            update.mutate(
              // Without a reason the server records 'Cancelled by the pharmacy'.
              { statusId: ORDER_STATUS.CANCELLED, ...(reason ? { note: reason } : {}) },
              { onSettled: () => setConfirmOpen(false) },
            )
          }
        />
      ) : null}
    </div>
  );
}
