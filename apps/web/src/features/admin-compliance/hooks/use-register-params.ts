import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { monthRange, rangeErrors, type DayRange } from '../utils/register-range';

export interface RegisterParams extends DayRange {
  page: number;
}

/**
 * The register's range and page live in the URL (?from=&to=&page=), so a reload, the back
 * button and a shared link show the same rows. Without a range, or with one the server would
 * refuse, it is this month.
 */
export function useRegisterParams() {
  const [search, setSearch] = useSearchParams();
  const fromText = search.get('from');
  const toText = search.get('to');
  const pageText = search.get('page');

  const params = useMemo<RegisterParams>(() => {
    const asked = { from: fromText ?? '', to: toText ?? '' };
    const range = fromText && toText && !rangeErrors(asked) ? asked : monthRange();
    const page = pageText && /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
    return { ...range, page };
  }, [fromText, toText, pageText]);

  const update = useCallback(
    (next: Partial<RegisterParams>) => {
      setSearch((current) => {
        const query = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) query.set(key, String(value));
        // A new range starts again at its first page.
        if (next.page === undefined || next.page === 1) query.delete('page');
        return query;
      });
    },
    [setSearch],
  );

  return { params, update };
}
