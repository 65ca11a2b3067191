import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, lineTotal, type OrderDetailLine } from '@pharmacy/shared';
import { PrescriptionRequiredTag } from '../../../components/ui/prescription-tag';
import { paths } from '../../../config/paths';
import { orderImageUrl } from '../lib/order-rules';

/**
 * Spec §2 order items: image, name linking to the product, offer price, quantity, line total;
 * issue 16: 'Prescription required' on prescription medicine. Issue 32: without the prices in the
 * answer (staff without money.view) the line shows its quantity only.
 */
export function OrderItem({
  line,
  currencySymbol,
  actions,
}: {
  line: OrderDetailLine;
  currencySymbol: string;
  /** The route's action for this line (issue 17 'Remind me to refill'), if any. */
  actions?: ReactNode;
}) {
  const money = (amount: number) => formatMoney(amount, currencySymbol);
  const name = line.product?.name ?? line.productName;
  return (
    <li className="flex gap-3 py-3">
      <img
        src={orderImageUrl(line.product?.images[0]?.url, name)}
        alt={name}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain p-1"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          {line.product ? (
            <Link
              to={paths.product.getHref(line.product.id)}
              className="text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline"
            >
              {line.product.name}
            </Link>
          ) : (
            <p className="text-sm font-semibold text-slate-900">
              {line.productName}{' '}
              <span className="ml-1 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                Not Available
              </span>
            </p>
          )}
          {line.prescription ? (
            <p className="my-1">
              <PrescriptionRequiredTag />
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            {line.offerPrice !== undefined ? (
              <>
                {money(line.offerPrice)} × {line.quantity}
                <span className="sr-only"> (quantity {line.quantity})</span>
              </>
            ) : (
              <>Quantity {line.quantity}</>
            )}
          </p>
          {line.batches && line.batches.length > 0 ? (
            <ul aria-label={`Batches of ${name}`} className="mt-1 flex flex-wrap gap-1.5">
              {line.batches.map((batch) => (
                <li
                  key={batch.batchId}
                  className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700"
                >
                  Batch <span className="font-semibold">{batch.batchNumber}</span> · exp{' '}
                  {batch.expiryDate} · {batch.units} {batch.units === 1 ? 'unit' : 'units'}
                  {batch.returned ? ' · returned' : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {actions}
        </div>
        {line.offerPrice !== undefined ? (
          <p className="text-sm font-semibold text-slate-900 sm:text-right">
            <span className="sr-only">Line total </span>
            {money(lineTotal(line.offerPrice, line.quantity))}
          </p>
        ) : null}
      </div>
    </li>
  );
}
