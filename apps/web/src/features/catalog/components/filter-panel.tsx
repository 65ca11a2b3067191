import { Link } from 'react-router';
import { useId } from 'react';
import { emptyListText } from '@pharmacy/shared';
import { Select } from '../../../components/ui/form-field';
import { paths, type FilterKey } from '../../../config/paths';
import { useDivisions } from '../api/get-divisions';
import { useManufacturers } from '../api/get-manufacturers';
import { useSaltCompositions } from '../api/get-salt-compositions';
import { useProductFilter, useProductFilterActions } from '../hooks/use-product-filter';
import type { NamedItem } from '../types';

interface FilterSelectProps {
  label: string;
  filterKey: FilterKey;
  items: NamedItem[] | undefined;
  isLoading: boolean;
  emptyText: string;
  seeAllHref: string;
  onNavigate?: () => void;
}

/** One of spec §2's three drawer filters, with 'Clear selection' and 'See all'. */
function FilterSelect({
  label,
  filterKey,
  items,
  isLoading,
  emptyText,
  seeAllHref,
  onNavigate,
}: FilterSelectProps) {
  const selectId = useId();
  const filter = useProductFilter();
  const { setFilter, clearFilter } = useProductFilterActions();
  const selected = filter[filterKey];
  const list = items ?? [];

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
      <label htmlFor={selectId} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <Select
        id={selectId}
        value={selected > 0 ? String(selected) : ''}
        disabled={isLoading || list.length === 0}
        aria-busy={isLoading || undefined}
        onChange={(event) => {
          const id = Number(event.target.value);
          if (id > 0) {
            setFilter(filterKey, id);
            onNavigate?.();
          }
        }}
      >
        <option value="">{isLoading ? 'Loading…' : `Select ${label.toLowerCase()}`}</option>
        {list.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </Select>
      {!isLoading && list.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : null}
      <div className="flex items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={() => clearFilter(filterKey)}
          className="rounded px-1 py-1 font-medium text-brand-700 hover:underline"
        >
          Clear selection<span className="sr-only"> of {label}</span>
        </button>
        <Link
          to={seeAllHref}
          onClick={onNavigate}
          className="rounded px-1 py-1 font-medium text-brand-700 hover:underline"
        >
          See all<span className="sr-only"> {label} options</span>
        </Link>
      </div>
    </div>
  );
}

/**
 * Spec §2: the division, manufacturer and salt composition filters. When a list cannot be loaded
 * its dropdown shows the empty text rather than failing the drawer.
 */
export function FilterPanel({ onNavigate }: { onNavigate?: () => void }) {
  const divisions = useDivisions();
  const manufacturers = useManufacturers();
  const saltCompositions = useSaltCompositions();

  return (
    <div className="flex flex-col gap-3">
      <FilterSelect
        label="Division"
        filterKey="divisionId"
        items={divisions.data}
        isLoading={divisions.isPending && divisions.fetchStatus !== 'idle'}
        emptyText={emptyListText('divisions')}
        seeAllHref={paths.divisions.getHref()}
        onNavigate={onNavigate}
      />
      <FilterSelect
        label="Manufacturer"
        filterKey="manufacturerId"
        items={manufacturers.data}
        isLoading={manufacturers.isPending && manufacturers.fetchStatus !== 'idle'}
        emptyText="No Manufacturer found."
        seeAllHref={paths.manufacturers.getHref()}
        onNavigate={onNavigate}
      />
      <FilterSelect
        label="Salt Composition"
        filterKey="saltCompositionId"
        items={saltCompositions.data}
        isLoading={saltCompositions.isPending && saltCompositions.fetchStatus !== 'idle'}
        emptyText={emptyListText('salt compositions')}
        seeAllHref={paths.saltCompositions.getHref()}
        onNavigate={onNavigate}
      />
    </div>
  );
}
