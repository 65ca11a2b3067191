import { ArrowRight, LayoutGrid } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { emptyListText } from '@pharmacy/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { HOME_DIVISION_LIMIT, useDivisions } from '../api/get-divisions';
import { divisionImageUrl } from '../types';
import { productImageUrl, responsiveImageProps } from './product-image';

/** Spec §1 home: popular categories (divisions) as image tiles opening the filtered shop. */
export function PopularCategories() {
  const headingId = useId();
  const { data, isPending, isError } = useDivisions({ limit: HOME_DIVISION_LIMIT });

  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          Popular Categories
        </h2>
        <Link
          to={paths.divisions.getHref()}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          See all<span className="sr-only"> categories</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-6">
        {isPending ? (
          <LoadingRegion
            label="Loading categories"
            className="grid grid-cols-2 gap-4 sm:grid-cols-4"
          >
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-36 w-full" />
            ))}
          </LoadingRegion>
        ) : isError || data.length === 0 ? (
          <EmptyState
            icon={<LayoutGrid className="size-8" />}
            title={emptyListText('categories')}
          />
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {data.map((division) => (
              <li key={division.id}>
                <Link
                  to={paths.shop.getHref({ divisionId: division.id })}
                  className="flex h-full flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-center transition-shadow hover:shadow-md"
                >
                  <img
                    src={productImageUrl(division.name, divisionImageUrl(division))}
                    {...responsiveImageProps(division.images, 96)}
                    alt=""
                    loading="lazy"
                    className="size-24 object-contain"
                  />
                  <span className="text-base font-semibold text-slate-900">{division.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
