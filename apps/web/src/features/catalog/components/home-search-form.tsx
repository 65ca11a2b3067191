import { Search } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FieldError } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { setSearchText } from '../hooks/use-search-text';
import { SEARCH_PLACEHOLDER } from './header-search';

/**
 * The shared rule (searchTermFormSchema) for one term: the trimmed term, or the rule's message.
 * Loaded at the first submit, as the newsletter form does: the home page is server-rendered and
 * hydrated at once (issue 30), and zod with react-hook-form were ~46 kB of its JavaScript for a
 * single field, and zod's start-up probe for eval trips the shop's CSP.
 */
async function checkSearchTerm(
  search: string,
): Promise<{ term: string; error?: undefined } | { term?: undefined; error: string }> {
  const { searchTermFormSchema } = await import('../schemas');
  const result = searchTermFormSchema.safeParse({ search });
  if (result.success) return { term: result.data.search };
  return { error: result.error.issues[0]?.message ?? 'Please check the search term.' };
}

/** Spec §2 home search: empty or blank is rejected; otherwise search, page 1, /shop. */
export function HomeSearchForm() {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string>();
  // Checks are asynchronous; only the answer for the latest value may be shown.
  const latestCheck = useRef(0);

  const check = async (value: string) => {
    const current = ++latestCheck.current;
    const result = await checkSearchTerm(value);
    if (current === latestCheck.current) setError(result.error);
    return result;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { term } = await check(search);
    if (term === undefined) return;
    setSearchText(term);
    navigate(paths.shop.getHref({ search: term }));
  };

  return (
    <form
      role="search"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="w-full max-w-2xl"
    >
      <label htmlFor={inputId} className="sr-only">
        Search medicines
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
          />
          <input
            id={inputId}
            type="search"
            name="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              // The message goes as soon as a term is typed.
              if (error) void check(event.target.value);
            }}
            maxLength={100}
            placeholder={SEARCH_PLACEHOLDER}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            enterKeyHint="search"
            className={cn(
              'h-12 w-full rounded-lg border bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-white',
              error ? 'border-red-700' : 'border-slate-300',
            )}
          />
        </div>
        <button
          type="submit"
          className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-accent-700 px-6 text-base font-semibold text-white hover:bg-accent-800 focus-visible:outline-white"
        >
          Search
        </button>
      </div>
      {error ? (
        <div className="mt-2 inline-block rounded-md bg-white px-2 py-1">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      ) : null}
    </form>
  );
}
