import { ChevronRight, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { emptyListText } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths, type FilterKey } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useDivisions } from '../api/get-divisions';
import { useManufacturers } from '../api/get-manufacturers';
import { useSaltCompositions } from '../api/get-salt-compositions';
import { divisionImageUrl, type CatalogListKind, type Division, type NamedItem } from '../types';
import { productImageUrl, responsiveImageProps } from './product-image';

export const catalogListKinds: Record<
  CatalogListKind,
  { title: string; filterKey: FilterKey; emptyText: string }
> = {
  divisions: { title: 'Divisions', filterKey: 'divisionId', emptyText: emptyListText('divisions') },
  manufacturers: {
    title: 'Manufacturers',
    filterKey: 'manufacturerId',
    emptyText: 'No Manufacturer found.',
  },
  saltCompositions: {
    title: 'Salt Compositions',
    filterKey: 'saltCompositionId',
    emptyText: emptyListText('salt compositions'),
  },
};

function useCatalogList(kind: CatalogListKind) {
  const divisions = useDivisions({}, { enabled: kind === 'divisions' });
  const manufacturers = useManufacturers({ enabled: kind === 'manufacturers' });
  const saltCompositions = useSaltCompositions({ enabled: kind === 'saltCompositions' });
  const query =
    kind === 'divisions' ? divisions : kind === 'manufacturers' ? manufacturers : saltCompositions;
  return {
    items: query.data as Array<NamedItem | Division> | undefined,
    isPending: query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
}

function isDivision(item: NamedItem | Division): item is Division {
  return 'images' in item;
}

const gridClasses = 'grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4';

/**
 * Spec §2 list pages: a grid of buttons (4 columns on large screens). A shopper's click sets the
 * product filter and opens /shop, under the title 'Shop by {list}'; an admin sees the plain name
 * and a click opens the edit dialog (`onEdit`, with `actions` such as Add in the title row).
 */
export function CatalogList({
  kind,
  canManage = false,
  onEdit,
  actions,
}: {
  kind: CatalogListKind;
  canManage?: boolean;
  onEdit?: (item: NamedItem | Division) => void;
  actions?: ReactNode;
}) {
  const navigate = useNavigate();
  const { title, filterKey, emptyText } = catalogListKinds[kind];
  const { items, isPending, error, refetch } = useCatalogList(kind);
  const editing = canManage && onEdit !== undefined;

  return (
    <>
      <PageHeader
        title={canManage ? title : `Shop by ${title}`}
        description={
          canManage
            ? `Choose an entry to rename it${kind === 'divisions' ? ', change its image' : ''} or delete it.`
            : `Choose one to see its products.`
        }
        actions={canManage ? actions : null}
      />
      {isPending ? (
        <LoadingRegion label={`Loading ${title.toLowerCase()}`} className={gridClasses}>
          {Array.from({ length: 12 }, (_, index) => (
            <Skeleton key={index} className="h-16 w-full" />
          ))}
        </LoadingRegion>
      ) : error ? (
        <EmptyState
          title={emptyText}
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {getErrorMessage(error)}
        </EmptyState>
      ) : !items || items.length === 0 ? (
        <EmptyState title={emptyText} />
      ) : (
        <ul className={gridClasses}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-1">
              <button
                type="button"
                onClick={() =>
                  editing ? onEdit(item) : navigate(paths.shop.getHref({ [filterKey]: item.id }))
                }
                aria-haspopup={editing ? 'dialog' : undefined}
                className="flex min-h-16 w-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left text-base font-medium text-slate-900 transition-colors hover:border-brand-600 hover:bg-brand-50"
              >
                {isDivision(item) ? (
                  <img
                    src={productImageUrl(item.name, divisionImageUrl(item))}
                    {...responsiveImageProps(item.images, 40)}
                    alt=""
                    loading="lazy"
                    className="size-10 shrink-0 rounded-lg object-contain"
                  />
                ) : null}
                <span className="min-w-0 flex-1 break-words">
                  {editing ? <span className="sr-only">Edit </span> : null}
                  {item.name}
                </span>
                {editing ? (
                  <Pencil aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                ) : (
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                )}
              </button>
              {/* Issue 30: the salt's medicine information page, a real link crawlers follow. */}
              {!editing && 'slug' in item && item.slug ? (
                <Link
                  to={paths.medicine.getHref(item.slug)}
                  aria-label={`${item.name}: uses, side effects and substitutes`}
                  className="w-fit px-1 text-sm font-medium text-brand-700 hover:underline"
                >
                  Uses, side effects and substitutes
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
