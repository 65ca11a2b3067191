import { PackageSearch } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { HydrateLater } from '../../../components/ui/hydrate-later';
import { LoadingRegion } from '../../../components/ui/skeleton';
import { useShopSettings } from '../../../lib/shop-settings';
import { TOP_SELLING_LIMIT, useTopSellingProducts } from '../api/get-top-selling-products';
import type { ProductSummary } from '../types';
import { ProductCard, ProductCardSkeleton } from './product-card';

/** Spec §1 home: top selling medicines as a row of product cards. */
export function TopSellingProducts({
  renderAction,
}: {
  renderAction?: (product: ProductSummary) => ReactNode;
}) {
  const headingId = useId();
  const { data, isPending, isError } = useTopSellingProducts(TOP_SELLING_LIMIT);
  const { currencySymbol } = useShopSettings();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        Top Selling Medicines
      </h2>
      <div className="mt-6">
        {isPending ? (
          <LoadingRegion
            label="Loading top selling medicines"
            className="grid grid-cols-2 gap-4 md:grid-cols-4"
          >
            {Array.from({ length: 4 }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </LoadingRegion>
        ) : isError || data.length === 0 ? (
          <EmptyState icon={<PackageSearch className="size-8" />} title="No products found." />
        ) : (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {data.map((product) => (
              // Issue 30 (TBT): each server-rendered card is hydrated in a task of its own.
              <HydrateLater key={product.id} id={`top-selling-${product.id}`}>
                <li className="render-when-visible">
                  <ProductCard
                    product={product}
                    currencySymbol={currencySymbol}
                    action={renderAction?.(product)}
                  />
                </li>
              </HydrateLater>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
