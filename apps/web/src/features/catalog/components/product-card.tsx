import { Ban, FileText, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { discountPercent, formatMoney, isLowStock, type DrugScheduleInfo } from '@pharmacy/shared';
import { cn } from '../../../lib/cn';
import { NOT_SOLD_ONLINE_TEXT } from '../../../lib/dispensing-texts';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import type { ProductSummary } from '../types';
import { ProductImage } from './product-image';

/** Spec §2: prescription products carry an icon titled 'Prescription required' (amber). */
export function PrescriptionBadge({ className }: { className?: string }) {
  return (
    <span
      title="Prescription required"
      className={`inline-flex shrink-0 items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ${className ?? ''}`}
    >
      <FileText aria-hidden="true" className="size-3.5" />
      Rx<span className="sr-only">: Prescription required</span>
    </span>
  );
}

/** Issue 16: any schedule but plain over-the-counter is named (Schedule H, H1, X). */
export function isScheduled(schedule: DrugScheduleInfo): boolean {
  return schedule.requiresPrescription || !schedule.onlineSale || schedule.keepsRegister;
}

/** Issue 16: the product's drug schedule as a small neutral badge ('Schedule H1'). */
export function ScheduleBadge({
  schedule,
  className,
}: {
  schedule: DrugScheduleInfo;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800 ring-1 ring-slate-300',
        className,
      )}
    >
      {schedule.name}
    </span>
  );
}

/** Issue 16: shown instead of any cart control on a product the law keeps out of online sale. */
export function NotSoldOnlineNote({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        'flex gap-2 rounded-lg bg-slate-50 p-2 text-xs text-slate-800 ring-1 ring-slate-200',
        className,
      )}
    >
      <Store aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      {NOT_SOLD_ONLINE_TEXT}
    </p>
  );
}

/**
 * Spec §2 product card: image and name open the product; prescription icon; offer price with two
 * decimals, MRP struck through and 'You Saved' with the discount; out of stock (quantity 0 or
 * less) is a disabled 'Out Of Stock' button. The cart action is passed in by the page, because
 * the cart feature owns it. `note` adds a line (the substitutes' savings). Issue 16: a scheduled
 * medicine names its schedule; one not sold online (Schedule X) shows why instead of any button.
 */
export function ProductCard({
  product,
  currencySymbol,
  action,
  note,
  headingLevel = 3,
  eagerImage = false,
}: {
  product: ProductSummary;
  /**
   * From the list, which reads the shop settings once: a settings subscription in each of 25
   * cards was part of /shop's longest task on phones (issue 8, TBT).
   */
  currencySymbol: string;
  action?: ReactNode;
  note?: ReactNode;
  headingLevel?: 2 | 3;
  /** For the cards above the fold: their image is loaded at once, not when scrolled to. */
  eagerImage?: boolean;
}) {
  const href = paths.product.getHref(product.id);
  const discount = discountPercent(product.maximumRetailPrice, product.offerPrice);
  const outOfStock = product.quantity <= 0;
  const { schedule } = product;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition-shadow hover:shadow-md">
      {/* The name's link is stretched over the picture and the name (its ::after fills this
          box), so the picture opens the product too without a second, hidden link per card —
          drawing that link for 25 cards was a large part of /shop's longest task on phones
          (issue 8, TBT). Prices and notes below stay plain text. */}
      <div className="relative">
        {/* The link names the product; its picture would only repeat it to screen readers. */}
        <div aria-hidden="true" className="bg-slate-50 p-3">
          <ProductImage
            name={product.name}
            image={product.images[0]}
            size={240}
            // Two columns on a phone; from md up three or four columns of about 240 px.
            sizes="(min-width: 768px) 240px, 50vw"
            eager={eagerImage}
            className="transition-transform duration-200 group-hover:scale-[1.02]"
          />
        </div>
        <div className="flex items-start justify-between gap-2 px-3 pt-3">
          <Heading className="line-clamp-2 text-sm leading-snug font-semibold text-slate-900 sm:text-base">
            <Link
              to={href}
              className="rounded after:absolute after:inset-0 after:content-[''] hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {product.name}
            </Link>
          </Heading>
          {product.prescription ? <PrescriptionBadge className="relative" /> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 px-3 pt-2 pb-3">
        <div className="flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-xs text-slate-600">{product.manufacturer.name}</p>
          {isScheduled(schedule) ? <ScheduleBadge schedule={schedule} /> : null}
        </div>
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-bold text-slate-900 sm:text-xl">
            <span className="sr-only">Price </span>
            {formatMoney(product.offerPrice, currencySymbol)}
          </span>
          {discount > 0 ? (
            <s className="text-sm text-slate-500">
              <span className="sr-only">MRP </span>
              {formatMoney(product.maximumRetailPrice, currencySymbol)}
            </s>
          ) : null}
        </div>
        {discount > 0 ? (
          <p className="w-fit rounded-md bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-800">
            You Saved {discount}%
          </p>
        ) : null}
        {schedule.onlineSale && !outOfStock && isLowStock(product.quantity) ? (
          <p className="text-xs font-medium text-red-700">Only {product.quantity} left</p>
        ) : null}
        {note}
        <div className="pt-1">
          {!schedule.onlineSale ? (
            <NotSoldOnlineNote />
          ) : outOfStock ? (
            <button
              type="button"
              disabled
              title="This product is out of stock"
              className="inline-flex min-h-9 w-full cursor-not-allowed items-center justify-center gap-2 rounded-lg border border-red-200 bg-red-50 px-3 text-sm font-semibold text-red-800"
            >
              <Ban aria-hidden="true" className="size-4" />
              Out Of Stock
            </button>
          ) : (
            action
          )}
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-3 w-1/2" />
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}
