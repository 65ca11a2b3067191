import {
  BellOff,
  CalendarClock,
  CirclePause,
  CirclePlay,
  Pencil,
  Pill,
  RefreshCw,
  Trash2,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { REFILL_TEXTS, refillDueText, refillIntervalLabel, type Refill } from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { RowListSkeleton } from '../../../components/ui/row-list-skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/format-date';
import { notify } from '../../../lib/toast';
import { useDeleteRefill } from '../api/delete-refill';
import { useRefills } from '../api/get-refills';
import { useUpdateRefill } from '../api/update-refill';
import { IntervalPicker, useIntervalForm } from './interval-picker';

function StatusBadge({ refill }: { refill: Refill }) {
  if (refill.paused)
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-700 ring-1 ring-slate-300">
        <CirclePause aria-hidden="true" className="size-3.5" />
        {REFILL_TEXTS.paused}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-green-800 ring-1 ring-green-200">
      <CalendarClock aria-hidden="true" className="size-3.5" />
      {REFILL_TEXTS.active}
    </span>
  );
}

function ChangeIntervalDialog({ refill, onClose }: { refill: Refill; onClose: () => void }) {
  const form = useIntervalForm(refill.intervalDays);
  const update = useUpdateRefill();
  const submit = form.handleSubmit(({ intervalDays }) =>
    update.mutate(
      { id: refill.id, update: { intervalDays } },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={REFILL_TEXTS.changeInterval}
      description={`${refill.productName}: counted from your last refill, never before today.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <IntervalPicker form={form} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={update.isPending} pendingText={REFILL_TEXTS.saving}>
            {REFILL_TEXTS.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RefillCard({
  refill,
  onChangeInterval,
  onDelete,
}: {
  refill: Refill;
  onChangeInterval: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateRefill();
  const togglePause = () =>
    update.mutate(
      { id: refill.id, update: { paused: !refill.paused } },
      { onSuccess: ({ message }) => notify.success(message) },
    );
  const headingId = `refill-${refill.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        <Pill className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="font-semibold break-words text-slate-900">
          <Link
            to={paths.product.getHref(refill.productId)}
            className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {refill.productName}
          </Link>
        </h3>
        <p className="text-sm text-slate-700">
          {refill.quantity} {refill.quantity === 1 ? 'unit' : 'units'},{' '}
          {refillIntervalLabel(refill.intervalDays)}
        </p>
        <p className="text-sm text-slate-600">
          {refill.paused ? (
            'No reminder e-mails while paused.'
          ) : (
            <>
              Next refill due{' '}
              <time dateTime={refill.nextDueOn}>{refillDueText(refill.nextDueOn)}</time>; reminder
              e-mail on <time dateTime={refill.remindOn}>{formatShortDate(refill.remindOn)}</time>
            </>
          )}
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          <StatusBadge refill={refill} />
          {refill.productAvailable ? null : (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
              <BellOff aria-hidden="true" className="size-3.5" />
              No longer sold online
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          isPending={update.isPending}
          icon={
            refill.paused ? (
              <CirclePlay aria-hidden="true" className="size-4" />
            ) : (
              <CirclePause aria-hidden="true" className="size-4" />
            )
          }
          onClick={togglePause}
        >
          {refill.paused ? REFILL_TEXTS.resume : REFILL_TEXTS.pause}{' '}
          <span className="sr-only">reminders for {refill.productName}</span>
        </Button>
        <Button
          variant="quiet"
          size="sm"
          icon={<Pencil aria-hidden="true" className="size-4" />}
          onClick={onChangeInterval}
        >
          {REFILL_TEXTS.changeInterval} <span className="sr-only">for {refill.productName}</span>
        </Button>
        <Button
          variant="quiet"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={onDelete}
        >
          {REFILL_TEXTS.delete} <span className="sr-only">reminder for {refill.productName}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * Issue 17 'My Refills': the customer's refill reminders, paused ones last, each with its
 * interval, next due date and the day its e-mail goes; pause or resume, change the interval,
 * delete (after asking).
 */
export function RefillList() {
  const list = useRefills();
  const remove = useDeleteRefill();
  const [editing, setEditing] = useState<Refill | null>(null);
  const [deleting, setDeleting] = useState<Refill | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notify.info(message);
        setDeleting(null);
        // The row is gone: focus goes to the list's heading instead of the top of the page.
        headingRef.current?.focus();
      },
      onError: (error) => setDeleteError(getErrorMessage(error)),
    });
  };

  let body;
  if (list.isPending) {
    body = (
      <RowListSkeleton
        label="Loading your refill reminders"
        detailWidth="w-48"
        actionWidth="w-40"
      />
    );
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<BellOff className="size-8" />}
        title={REFILL_TEXTS.loadFailed}
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void list.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(list.error)}</span>
      </EmptyState>
    );
  } else if (list.data.refills.length === 0) {
    body = (
      <EmptyState
        icon={<CalendarClock className="size-8" />}
        title={REFILL_TEXTS.empty}
        action={<ButtonLink to={paths.dashboard.orders.getHref()}>Go to my orders</ButtonLink>}
      >
        {REFILL_TEXTS.emptyHint}
      </EmptyState>
    );
  } else {
    body = (
      <section aria-labelledby="refills-heading" className="flex flex-col gap-3">
        <h2
          id="refills-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          Reminders ({list.data.refills.length})
        </h2>
        <ul aria-label="Refill reminders" className="flex flex-col gap-3">
          {list.data.refills.map((refill) => (
            <RefillCard
              key={refill.id}
              refill={refill}
              onChangeInterval={() => setEditing(refill)}
              onDelete={() => {
                setDeleteError(null);
                setDeleting(refill);
              }}
            />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <>
      <PageHeader title={REFILL_TEXTS.pageTitle} description={REFILL_TEXTS.pageDescription} />
      {body}
      {editing ? (
        <ChangeIntervalDialog key={editing.id} refill={editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={REFILL_TEXTS.deleteConfirmTitle}
        message={
          deleting
            ? `We will stop reminding you to refill ${deleting.productName}. To be reminded again, set a new reminder from one of your orders.`
            : ''
        }
        confirmLabel={REFILL_TEXTS.deleteConfirm}
        error={deleteError}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
