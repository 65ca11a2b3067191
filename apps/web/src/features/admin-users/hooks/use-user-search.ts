import { useState } from 'react';
import { LIMITS } from '@pharmacy/shared';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';

/** Spec §5 / §9: only terms of 2 or more characters count; shorter ones list everybody. */
export function effectiveSearch(text: string): string {
  const term = text.trim();
  return term.length >= LIMITS.userSearchMinLength ? term : '';
}

/**
 * The users page search: the box follows every keystroke, the search (and the request) only
 * 1000 ms after typing stops (spec §9), and a new search starts again at page 1.
 */
export function useUserSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const debounced = useDebouncedCallback((value: string) => {
    const search = effectiveSearch(value);
    setQuery((current) => (current.search === search ? current : { search, page: 1 }));
  }, LIMITS.userSearchDebounceMs);

  return {
    text,
    search: query.search,
    page: query.page,
    setPage: (page: number) => setQuery((current) => ({ ...current, page })),
    onTextChange: (value: string) => {
      setText(value);
      debounced.run(value);
    },
  };
}
