import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { SortDirection } from '../components/sortable-header';

export interface ListParams<S extends string> {
  page: number;
  sort: S;
  direction: SortDirection;
  /** The near-expiry window; undefined leaves it to the server. */
  days: number | undefined;
}

function positiveInt(text: string | null, max: number): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= max ? value : undefined;
}

/**
 * A sortable list's page, sort column, direction and window live in the URL, so a reload, the
 * back button and a shared link show the same list. Unknown values fall back to the defaults.
 */
export function useListParams<S extends string>(
  columns: readonly S[],
  defaults: { sort: S; direction: SortDirection },
) {
  const [search, setSearch] = useSearchParams();
  const sortText = search.get('sort');
  const sort = columns.find((column) => column === sortText) ?? defaults.sort;
  const directionText = search.get('direction');
  const direction: SortDirection =
    directionText === 'asc' || directionText === 'desc' ? directionText : defaults.direction;
  const params: ListParams<S> = {
    page: positiveInt(search.get('page'), 100_000) ?? 1,
    sort,
    direction,
    days: positiveInt(search.get('days'), 730),
  };

  const update = useCallback(
    (next: Partial<ListParams<S>>) => {
      setSearch((current) => {
        const query = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined) query.delete(key);
          else query.set(key, String(value));
        }
        // A new order or window starts again at the first page.
        if (next.page === undefined) query.delete('page');
        if (query.get('page') === '1') query.delete('page');
        return query;
      });
    },
    [setSearch],
  );

  return { params, update };
}
