import { useMediaQuery } from '../../../hooks/use-media-query';

/**
 * Phones (below Tailwind's md, 48rem): the stock lists show cards instead of wide tables. Where
 * the query cannot be asked (tests without matchMedia), the table is shown.
 */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width: 47.98rem)');
}
