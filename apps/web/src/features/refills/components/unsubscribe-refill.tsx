import { BellOff, CircleCheck, MailX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { REFILL_TEXTS } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useUnsubscribeRefill } from '../api/unsubscribe-refill';

function MyRefillsLink() {
  return (
    <p className="text-sm text-slate-700">
      Signed in? Manage all your reminders in{' '}
      <Link
        to={paths.dashboard.refills.getHref()}
        className="font-medium text-brand-700 underline hover:text-brand-800"
      >
        {REFILL_TEXTS.pageTitle}
      </Link>
      .
    </p>
  );
}

/**
 * Issue 17: the reminder mail's unsubscribe link, no sign-in needed. The page says what the one
 * button will do and does nothing until it is pressed: the link is a GET that mail scanners open
 * on their own, so only the POST it sends pauses the reminder. Then it confirms, or says why the
 * link was refused (expired, not valid).
 */
export function UnsubscribeRefill({ token }: { token: string }) {
  const mutation = useUnsubscribeRefill();

  let body;
  if (!token) {
    body = (
      <p role="alert" className="flex gap-2 text-sm font-medium text-red-700">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {REFILL_TEXTS.unsubscribeMissingToken}
      </p>
    );
  } else if (mutation.isSuccess) {
    body = (
      <p role="status" className="flex gap-2 text-base font-medium text-green-800">
        <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0" />
        {mutation.data.message}
      </p>
    );
  } else {
    body = (
      <>
        <p className="text-base text-slate-700">{REFILL_TEXTS.unsubscribeExplain}</p>
        <div>
          <Button
            onClick={() => mutation.mutate(token)}
            isPending={mutation.isPending}
            pendingText={REFILL_TEXTS.unsubscribing}
            icon={<BellOff aria-hidden="true" className="size-4" />}
          >
            {REFILL_TEXTS.unsubscribeButton}
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
    );
  }

  return (
    <Card className="mx-auto flex max-w-xl flex-col gap-4 p-6">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        >
          <MailX className="size-5" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{REFILL_TEXTS.unsubscribeTitle}</h1>
      </div>
      {body}
      <MyRefillsLink />
    </Card>
  );
}
