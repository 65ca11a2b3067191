import { zodResolver } from '@hookform/resolvers/zod';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { searchTermFormSchema } from '@pharmacy/shared';
import { FieldError } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { setSearchText } from '../hooks/use-search-text';
import { SEARCH_PLACEHOLDER } from './header-search';

/** Spec §2 home search: empty or blank is rejected; otherwise search, page 1, /shop. */
export function HomeSearchForm() {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(searchTermFormSchema),
    defaultValues: { search: '' },
    // The message goes as soon as a term is typed.
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const error = errors.search?.message;

  const onSubmit = handleSubmit(({ search }) => {
    setSearchText(search);
    navigate(paths.shop.getHref({ search }));
  });

  return (
    <form role="search" noValidate onSubmit={onSubmit} className="w-full max-w-2xl">
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
            {...register('search')}
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
