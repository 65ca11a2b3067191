import { ArrowDown, ArrowUp, Equal, PackageSearch } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { formatMoney } from '@pharmacy/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { HydrateLater } from '../../../components/ui/hydrate-later';
import { LoadingRegion } from '../../../components/ui/skeleton';
import { useShopSettings } from '../../../lib/shop-settings';
import { useProductSubstitutes } from '../api/get-product-substitutes';
import type { Product, Substitute } from '../types';
import { ProductCard, ProductCardSkeleton } from './product-card';

/** '₹11.20 cheaper (19% less)', 'Costs ₹4.00 more' or 'Same price', per unit. */
export function substituteSavingsText(substitute: Substitute, currencySymbol: string): string {
  const amount = formatMoney(Math.abs(substitute.savingsPerUnit), currencySymbol);
  if (substitute.savingsPerUnit > 0)
    return `${amount} cheaper (${substitute.savingsPercent}% less)`;
  if (substitute.savingsPerUnit < 0) return `Costs ${amount} more`;
  return 'Same price';
}

function SavingsNote({
  substitute,
  currencySymbol,
}: {
  substitute: Substitute;
  currencySymbol: string;
}) {
  const text = substituteSavingsText(substitute, currencySymbol);
  const cheaper = substitute.savingsPerUnit > 0;
  const dearer = substitute.savingsPerUnit < 0;
  const Icon = cheaper ? ArrowDown : dearer ? ArrowUp : Equal;
  return (
    <p
      className={
        cheaper
          ? 'inline-flex w-fit items-center gap-1 rounded-md bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800'
          : 'inline-flex w-fit items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700'
      }
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {text}
    </p>
  );
}

/**
 * Other products with the same salt composition, cheapest first, each saying how much cheaper
 * it is than the product shown (or that it costs more) — what shoppers of Indian pharmacies
 * look for before they buy.
 */
export function ProductSubstitutes({
  product,
  renderAction,
}: {
  product: Product;
  renderAction?: (product: Product) => ReactNode;
}) {
  const headingId = useId();
  const hasSalt = product.saltComposition !== null;
  const { data, isPending, isError } = useProductSubstitutes(product.id, hasSalt);
  const { currencySymbol } = useShopSettings();

  if (!hasSalt) return null;

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl">
          Substitutes with the same salt
        </h2>
        <p className="text-sm text-slate-600">
          Same salt composition: {product.saltComposition?.name}. Prices per pack; ask your doctor
          or our pharmacist before switching.
        </p>
      </div>
      {isPending ? (
        <LoadingRegion
          label="Loading substitutes"
          className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4"
        >
          {Array.from({ length: 4 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </LoadingRegion>
      ) : isError || data.length === 0 ? (
        <EmptyState
          icon={<PackageSearch className="size-8" />}
          title="No substitutes found."
          className="py-6"
        >
          No other product with this salt composition is available right now.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
          {data.map((substitute) => (
            // Issue 30 (TBT): each server-rendered card is hydrated in a task of its own, after
            // the product itself.
            <HydrateLater key={substitute.id} id={`substitute-${substitute.id}`}>
              <li className="render-when-visible">
                <ProductCard
                  product={substitute}
                  currencySymbol={currencySymbol}
                  action={renderAction?.(substitute)}
                  note={<SavingsNote substitute={substitute} currencySymbol={currencySymbol} />}
                />
              </li>
            </HydrateLater>
          ))}
        </ul>
      )}
    </section>
  );
}
