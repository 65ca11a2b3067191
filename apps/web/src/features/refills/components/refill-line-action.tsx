import { BellRing, CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_REFILL_INTERVAL_DAYS,
  REFILL_TEXTS,
  refillDueText,
  refillIntervalLabel,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateRefill } from '../api/create-refill';
import { useOrderRefillOptions } from '../api/get-order-refill-options';
import { IntervalPicker, useIntervalForm } from './interval-picker';

function RefillDialog({
  orderId,
  orderLineId,
  productName,
  onClose,
}: {
  orderId: number;
  orderLineId: number;
  productName: string;
  onClose: () => void;
}) {
  const form = useIntervalForm(DEFAULT_REFILL_INTERVAL_DAYS);
  const create = useCreateRefill();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(({ intervalDays }) => {
    setFailure(null);
    create.mutate(
      { orderId, orderLineId, intervalDays },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.handled) return;
          setFailure(getErrorMessage(error));
        },
      },
    );
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={REFILL_TEXTS.dialogTitle}
      description={`We will e-mail you a few days before each refill of ${productName} is due, with a link that puts it in your cart.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <IntervalPicker form={form} />
        {failure ? <FieldError>{failure}</FieldError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            isPending={create.isPending}
            pendingText={REFILL_TEXTS.saving}
            icon={<BellRing aria-hidden="true" className="size-4" />}
          >
            {REFILL_TEXTS.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Issue 17 'Remind me to refill' on a medicine line of the customer's own order: a small dialog
 * to pick the interval. A line that already has a reminder says so and links to My Refills;
 * lines that are not medicines (or no longer sold) show nothing.
 */
export function RefillLineAction({
  orderId,
  orderLineId,
}: {
  orderId: number;
  orderLineId: number;
}) {
  const options = useOrderRefillOptions(orderId);
  const [open, setOpen] = useState(false);
  const line = options.data?.lines.find((each) => each.orderLineId === orderLineId);
  if (!line) return null;

  if (line.refill) {
    return (
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        <CalendarClock aria-hidden="true" className="size-4 text-brand-700" />
        <span>
          {line.refill.paused
            ? 'Refill reminder paused'
            : `Refill reminder ${refillIntervalLabel(line.refill.intervalDays)}, next due ${refillDueText(line.refill.nextDueOn)}`}
        </span>
        <Link
          to={paths.dashboard.refills.getHref()}
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          {REFILL_TEXTS.pageTitle}
        </Link>
      </p>
    );
  }

  return (
    <>
      <Button
        variant="quiet"
        size="sm"
        className="mt-1 -ml-3"
        icon={<BellRing aria-hidden="true" className="size-4" />}
        onClick={() => setOpen(true)}
      >
        {REFILL_TEXTS.remindMe} <span className="sr-only">{line.productName}</span>
      </Button>
      {open ? (
        <RefillDialog
          orderId={orderId}
          orderLineId={orderLineId}
          productName={line.productName}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
