import { BellOff, CircleCheck, MailX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PRIVACY_TEXTS, unsubscribeExplain, type ConsentKind } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useUnsubscribeConsent } from '../api/privacy';

/**
 * Issue 32: a marketing mail's unsubscribe link (newsletter, back in stock, all refill
 * reminders), no sign-in needed. Nothing happens until the button is pressed: mail scanners open
 * links on their own, so only the POST withdraws the consent.
 */
export function UnsubscribeConsent({ token, kind }: { token: string; kind: ConsentKind }) {
  const mutation = useUnsubscribeConsent();
  return (
    <Card className="mx-auto flex max-w-xl flex-col gap-4 p-6">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        >
          <MailX className="size-5" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{PRIVACY_TEXTS.unsubscribeTitle}</h1>
      </div>
      {mutation.isSuccess ? (
        <p role="status" className="flex gap-2 text-base font-medium text-green-800">
          <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0" />
          {mutation.data.message}
        </p>
      ) : (
        <>
          <p className="text-base text-slate-700">{unsubscribeExplain(kind)}</p>
          <div>
            <Button
              onClick={() => mutation.mutate(token)}
              isPending={mutation.isPending}
              pendingText={PRIVACY_TEXTS.unsubscribing}
              icon={<BellOff aria-hidden="true" className="size-4" />}
            >
              {PRIVACY_TEXTS.unsubscribeButton}
            </Button>
          </div>
          <div role="alert">
            {mutation.isError ? (
              <p className="flex gap-2 text-sm font-medium text-red-700">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {getErrorMessage(mutation.error)}
              </p>
            ) : null}
          </div>
        </>
      )}
      <p className="text-sm text-slate-700">
        Signed in? Choose all your e-mails in{' '}
        <Link
          to={paths.dashboard.privacy.getHref()}
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          {PRIVACY_TEXTS.pageTitle}
        </Link>
        .
      </p>
    </Card>
  );
}
