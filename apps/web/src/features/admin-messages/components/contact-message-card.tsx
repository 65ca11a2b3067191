import { CheckCircle2, Mail, RotateCcw } from 'lucide-react';
import { useId, useRef } from 'react';
import { SHOP_TIME_ZONE, type ContactMessage } from '@pharmacy/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useMarkContactMessageHandled } from '../api/mark-contact-message-handled';
import { useReopenContactMessage } from '../api/reopen-contact-message';

let dateTime: Intl.DateTimeFormat | undefined;

/** '26 Nov 2026, 11:30 am' in the shop's time (India), where the pharmacy reads its mail. */
export function formatMessageTime(value: string): string {
  dateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: SHOP_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return dateTime.format(new Date(value));
}

/**
 * One Contact Us message: who wrote, when, their words as typed (line breaks kept, long words
 * wrapped), a mailto: reply and the button that moves it to the other tab.
 */
export function ContactMessageCard({
  message,
  onMoved,
}: {
  message: ContactMessage;
  /** Called once the message has left this tab, so focus can go somewhere that still exists. */
  onMoved: () => void;
}) {
  const headingId = useId();
  const markHandled = useMarkContactMessageHandled();
  const reopen = useReopenContactMessage();
  const handled = message.handledAt !== null;
  const pending = markHandled.isPending || reopen.isPending;

  // A double click can land both clicks before the disabled button renders; the ref sees the
  // first. It stays set after a success: the message has moved to the other tab, and its card
  // goes with the refetch.
  const inFlight = useRef(false);

  const move = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    // The promise, not mutate's callbacks: the card unmounts when the refetched tab no longer
    // holds its message, and focus must still leave the vanished button.
    (handled ? reopen : markHandled).mutateAsync(message.id).then(
      () => {
        notify.success(handled ? 'Message reopened.' : 'Message marked as handled.');
        onMoved();
      },
      () => {
        // The app's mutation error toast has said what went wrong; a new click may try again.
        inFlight.current = false;
      },
    );
  };

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {message.name}
          </h3>
          <a
            href={`mailto:${message.email}`}
            className="text-sm break-all text-brand-700 underline-offset-2 hover:underline"
          >
            {message.email}
          </a>
        </div>
        <p className="text-sm text-slate-600">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        </p>
      </header>
      <p className="mt-3 text-base whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
        {message.message}
      </p>
      {handled && message.handledAt ? (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-green-800">
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          <span>
            Handled{message.handledByName ? ` by ${message.handledByName}` : ''} on{' '}
            <time dateTime={message.handledAt}>{formatMessageTime(message.handledAt)}</time>
          </span>
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={`mailto:${message.email}`}
          className={buttonClasses('secondary', 'sm')}
          aria-describedby={headingId}
        >
          <Mail aria-hidden="true" className="size-4" />
          Reply by e-mail
        </a>
        <Button
          size="sm"
          variant={handled ? 'quiet' : 'primary'}
          isPending={pending}
          pendingText={handled ? 'Reopening…' : 'Marking…'}
          icon={
            handled ? (
              <RotateCcw aria-hidden="true" className="size-4" />
            ) : (
              <CheckCircle2 aria-hidden="true" className="size-4" />
            )
          }
          aria-describedby={headingId}
          onClick={move}
        >
          {handled ? 'Reopen' : 'Mark as handled'}
        </Button>
      </div>
    </article>
  );
}
