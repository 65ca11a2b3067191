import { MailCheck, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { CONSENT_LABELS, PRIVACY_TEXTS, type Consent } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useConsents, useUpdateConsents } from '../api/privacy';
import { SectionCard } from './section-card';

function ConsentSwitch({
  consent,
  saving,
  onChange,
}: {
  consent: Consent;
  saving: boolean;
  onChange: (granted: boolean) => void;
}) {
  const id = useId();
  const label = CONSENT_LABELS[consent.kind];
  return (
    <li className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={consent.granted}
        aria-describedby={`${id}-hint`}
        aria-busy={saving || undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="text-base font-medium text-slate-900">
          {label.title}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {label.explain}
        </p>
      </div>
    </li>
  );
}

/** Issue 32: the marketing e-mails the customer allows; each change is saved at once. */
export function ConsentSwitches() {
  const consents = useConsents();
  const update = useUpdateConsents();

  let body;
  if (consents.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading your e-mail choices</span>
        <Skeleton className="h-5 w-full max-w-md" />
        <Skeleton className="h-5 w-full max-w-md" />
        <Skeleton className="h-5 w-full max-w-md" />
      </div>
    );
  } else if (consents.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-red-700">
          Your e-mail choices could not be loaded: {getErrorMessage(consents.error)}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => void consents.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-4">
          {consents.data.consents.map((consent) => (
            <ConsentSwitch
              key={consent.kind}
              consent={consent}
              saving={update.isPending && update.variables[consent.kind] !== undefined}
              onChange={(granted) => {
                // A second change waits for the first (the switch keeps its focus meanwhile).
                if (update.isPending) return;
                update.mutate(
                  { [consent.kind]: granted },
                  { onSuccess: () => notify.success(PRIVACY_TEXTS.consentSaved) },
                );
              }}
            />
          ))}
        </ul>
        {update.isPending ? (
          <p role="status" className="flex items-center gap-1.5 text-sm text-slate-600">
            <Spinner />
            Saving…
          </p>
        ) : null}
      </>
    );
  }

  return (
    <SectionCard
      id="privacy-consents"
      Icon={MailCheck}
      title={PRIVACY_TEXTS.consentsTitle}
      explain={PRIVACY_TEXTS.consentsExplain}
    >
      {body}
    </SectionCard>
  );
}
