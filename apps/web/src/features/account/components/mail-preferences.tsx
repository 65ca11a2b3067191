import { Mail, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useMailPreferences } from '../api/get-mail-preferences';
import { useUpdateMailPreferences } from '../api/update-mail-preferences';

const ALWAYS_SENT =
  'Order confirmations, cancellations and problems with a prescription are always e-mailed.';

/**
 * Issue 17 point 5 on My Profile: the order progress mails (dispatched, delivered) can be turned
 * off; the essential ones cannot, and the section says so. The choice is saved when it changes.
 */
export function MailPreferences() {
  const checkboxId = useId();
  const hintId = useId();
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();

  let body;
  if (preferences.isPending) {
    body = (
      <div role="status" className="flex items-center gap-3">
        <span className="sr-only">Loading your e-mail choices</span>
        <Skeleton className="size-5 shrink-0" />
        <Skeleton className="h-5 w-full max-w-md" />
      </div>
    );
  } else if (preferences.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-red-700">
          Your e-mail choices could not be loaded: {getErrorMessage(preferences.error)}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => void preferences.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    const checked = preferences.data.orderProgressMails;
    body = (
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={checked}
          aria-describedby={hintId}
          aria-busy={update.isPending || undefined}
          onChange={(event) => {
            // Kept enabled while saving (focus stays on it); a second change waits for the first.
            if (update.isPending) return;
            update.mutate(
              { orderProgressMails: event.target.checked },
              { onSuccess: ({ message }) => notify.success(message) },
            );
          }}
          className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={checkboxId} className="text-base font-medium text-slate-900">
            E-mail me when my order is dispatched or delivered
          </label>
          <p id={hintId} className="text-sm text-slate-600">
            {ALWAYS_SENT}
          </p>
        </div>
        {update.isPending ? (
          <span className="ml-auto flex items-center gap-1.5 text-sm text-slate-600">
            <Spinner />
            Saving…
          </span>
        ) : null}
      </div>
    );
  }

  return (
    <Card className="mt-6 p-6">
      <section aria-labelledby="mail-preferences-heading">
        <h2
          id="mail-preferences-heading"
          className="mb-4 flex items-center gap-2 text-xl font-semibold text-slate-900"
        >
          <Mail aria-hidden="true" className="size-5 text-brand-700" />
          E-mail updates
        </h2>
        {body}
      </section>
    </Card>
  );
}
