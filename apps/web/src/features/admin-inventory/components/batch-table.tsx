import { ArchiveX, Ban, PackageOpen, SlidersHorizontal, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { canWriteOff, formatMoney, type Batch } from '@pharmacy/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { useShopSettings } from '../../../lib/shop-settings';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { daysLeftText, formatShortDate, unitsText } from '../utils/stock-format';
import { AdjustBatchDialog } from './adjust-batch-dialog';
import { BatchOrdersDialog } from './batch-orders-dialog';
import { BatchStateBadge } from './batch-state-badge';
import { RecallBatchDialog } from './recall-batch-dialog';
import { WriteOffDialog } from './write-off-dialog';

/** Below 80rem (Tailwind's xl) the dashboard's content is too narrow for the batches table. */
const CARDS_QUERY = '(max-width: 79.98rem)';

type Action = 'adjust' | 'writeOff' | 'recall' | 'orders';
type OnAction = (action: Action, batch: Batch) => void;

function stateNote(batch: Batch, minShelfLifeDays: number): string | undefined {
  if (batch.state === 'recalled')
    return batch.recallReason ? `Recalled: ${batch.recallReason}` : 'Recalled: not sold';
  if (batch.state === 'expired') return 'Past its expiry date: not sold';
  if (batch.state === 'short_dated')
    return `Less than ${minShelfLifeDays} days of shelf life left: not sold`;
  return undefined;
}

function daysLeftClass(batch: Batch): string {
  if (batch.state === 'expired') return 'font-semibold text-red-700';
  if (batch.state === 'short_dated') return 'font-semibold text-amber-800';
  return 'text-slate-600';
}

function ActionButton({
  onClick,
  icon,
  label,
  batchNumber,
  tone = 'brand',
}: {
  onClick: () => void;
  icon: ReactNode;
  label: string;
  batchNumber: string;
  tone?: 'brand' | 'danger';
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${label} batch ${batchNumber}`}
      className={cn(
        'inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-1',
        tone === 'danger'
          ? 'text-red-700 hover:bg-red-50 focus-visible:outline-red-700'
          : 'text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-700',
      )}
    >
      {icon}
      {label}
    </button>
  );
}

/** Adjust always; write off what cannot be sold any more; recall, or the customers once recalled. */
function BatchActions({ batch, onAction }: { batch: Batch; onAction: OnAction }) {
  return (
    <>
      <ActionButton
        label="Adjust"
        batchNumber={batch.batchNumber}
        icon={<SlidersHorizontal aria-hidden="true" className="size-4" />}
        onClick={() => onAction('adjust', batch)}
      />
      {canWriteOff(batch.state) && batch.onHand > 0 ? (
        <ActionButton
          label="Write off"
          tone="danger"
          batchNumber={batch.batchNumber}
          icon={<ArchiveX aria-hidden="true" className="size-4" />}
          onClick={() => onAction('writeOff', batch)}
        />
      ) : null}
      {/* One element either way, so the focus the dialogs give back still finds it. */}
      {batch.state === 'recalled' ? (
        <ActionButton
          label="Customers"
          batchNumber={batch.batchNumber}
          icon={<Users aria-hidden="true" className="size-4" />}
          onClick={() => onAction('orders', batch)}
        />
      ) : (
        <ActionButton
          label="Recall"
          tone="danger"
          batchNumber={batch.batchNumber}
          icon={<Ban aria-hidden="true" className="size-4" />}
          onClick={() => onAction('recall', batch)}
        />
      )}
    </>
  );
}

function PurchasePrice({ batch }: { batch: Batch }) {
  const { currencySymbol } = useShopSettings();
  return batch.purchasePrice === null ? null : (
    <>{formatMoney(batch.purchasePrice, currencySymbol)}/unit</>
  );
}

function sourceText(batch: Batch): string {
  return [batch.supplier, batch.invoiceReference && `Invoice ${batch.invoiceReference}`]
    .filter(Boolean)
    .join(' · ');
}

function BatchRows({
  batches,
  minShelfLifeDays,
  onAction,
}: {
  batches: Batch[];
  minShelfLifeDays: number;
  onAction: OnAction;
}) {
  return (
    <div
      className="overflow-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label="Batches table"
      tabIndex={0}
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Batches, first to expire first</caption>
        <thead className="bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-2 py-2">
              Batch
            </th>
            <th scope="col" className="px-2 py-2">
              Expiry
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              On hand
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Received
            </th>
            <th scope="col" className="px-2 py-2">
              State
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {batches.map((batch) => (
            <tr
              key={batch.id}
              className="border-t border-slate-100 align-top even:bg-slate-50/60 hover:bg-brand-50/50"
            >
              <th scope="row" className="max-w-36 px-2 py-2 text-left font-normal">
                <span className="block font-semibold text-slate-900">{batch.batchNumber}</span>
                <span
                  className="block truncate text-xs text-slate-600"
                  title={sourceText(batch) || undefined}
                >
                  {sourceText(batch)}
                </span>
              </th>
              <td className="px-2 py-2 whitespace-nowrap">
                <time dateTime={batch.expiryDate} className="block text-slate-900">
                  {formatShortDate(batch.expiryDate)}
                </time>
                <span className={cn('block text-xs', daysLeftClass(batch))}>
                  {daysLeftText(batch.daysToExpiry)}
                </span>
              </td>
              <td className="px-2 py-2 text-right text-base font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                {batch.onHand}
              </td>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                <span className="block text-slate-900">{batch.receivedUnits}</span>
                <span className="block text-xs text-slate-600">
                  {formatShortDate(batch.receivedAt)}
                </span>
                <span className="block text-xs text-slate-600">
                  <PurchasePrice batch={batch} />
                </span>
              </td>
              <td className="px-2 py-2">
                <BatchStateBadge state={batch.state} title={stateNote(batch, minShelfLifeDays)} />
              </td>
              <td className="px-1.5 py-1">
                <div className="flex justify-end gap-0.5">
                  <BatchActions batch={batch} onAction={onAction} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per batch, the same facts and actions. */
function BatchCards({
  batches,
  minShelfLifeDays,
  onAction,
}: {
  batches: Batch[];
  minShelfLifeDays: number;
  onAction: OnAction;
}) {
  return (
    <ul aria-label="Batches" className="grid gap-3 md:grid-cols-2">
      {batches.map((batch) => {
        const note = stateNote(batch, minShelfLifeDays);
        return (
          <li key={batch.id} className="rounded-xl border border-slate-200 bg-white p-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{batch.batchNumber}</p>
                <p
                  className="truncate text-xs text-slate-600"
                  title={sourceText(batch) || undefined}
                >
                  {sourceText(batch)}
                </p>
              </div>
              <BatchStateBadge state={batch.state} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Expiry</dt>
              <dd className="text-right">
                <time dateTime={batch.expiryDate}>{formatShortDate(batch.expiryDate)}</time>
                <span className={cn('block text-xs', daysLeftClass(batch))}>
                  {daysLeftText(batch.daysToExpiry)}
                </span>
              </dd>
              <dt className="text-slate-600">On hand</dt>
              <dd className="text-right font-semibold text-slate-900 tabular-nums">
                {unitsText(batch.onHand)}
              </dd>
              <dt className="text-slate-600">Received</dt>
              <dd className="text-right text-slate-800 tabular-nums">
                {batch.receivedUnits} on {formatShortDate(batch.receivedAt)}
              </dd>
              {batch.purchasePrice !== null ? (
                <>
                  <dt className="text-slate-600">Purchase price</dt>
                  <dd className="text-right text-slate-800 tabular-nums">
                    <PurchasePrice batch={batch} />
                  </dd>
                </>
              ) : null}
            </dl>
            {note ? <p className="mt-2 text-xs text-slate-700">{note}</p> : null}
            <div className="mt-2 flex flex-wrap gap-1 border-t border-slate-100 pt-2">
              <BatchActions batch={batch} onAction={onAction} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A product's batches, first to expire first: number with supplier and invoice, expiry and days
 * left, units on hand and received, state; and the actions each batch allows through dialogs.
 */
export function BatchTable({
  batches,
  minShelfLifeDays,
}: {
  batches: Batch[];
  minShelfLifeDays: number;
}) {
  // The table with its three actions needs the room of a wide screen; below, a card per batch.
  const narrow = useMediaQuery(CARDS_QUERY);
  const [open, setOpen] = useState<{ action: Action; batch: Batch } | null>(null);
  const close = () => setOpen(null);
  const batchFor = (action: Action) => (open?.action === action ? open.batch : null);
  const onAction: OnAction = (action, batch) => setOpen({ action, batch });

  if (batches.length === 0) {
    return (
      <EmptyState icon={<PackageOpen className="size-8" />} title="No batches yet.">
        Receive stock above: each delivery is a batch with its number and expiry date.
      </EmptyState>
    );
  }

  return (
    <>
      {narrow ? (
        <BatchCards batches={batches} minShelfLifeDays={minShelfLifeDays} onAction={onAction} />
      ) : (
        <BatchRows batches={batches} minShelfLifeDays={minShelfLifeDays} onAction={onAction} />
      )}
      <AdjustBatchDialog batch={batchFor('adjust')} onClose={close} />
      <WriteOffDialog batch={batchFor('writeOff')} onClose={close} />
      <RecallBatchDialog
        batch={batchFor('recall')}
        onClose={close}
        onRecalled={(recalled) => setOpen({ action: 'orders', batch: recalled })}
      />
      <BatchOrdersDialog batch={batchFor('orders')} onClose={close} />
    </>
  );
}
