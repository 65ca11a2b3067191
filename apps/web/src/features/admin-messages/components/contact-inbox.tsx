import { Inbox, MailCheck, RefreshCw } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ContactMessageStatus } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useContactMessages } from '../api/get-contact-messages';
import { ContactMessageCard } from './contact-message-card';

const TABS: ReadonlyArray<{ status: ContactMessageStatus; label: string }> = [
  { status: 'open', label: 'Open' },
  { status: 'handled', label: 'Handled' },
];

const EMPTY_TEXTS: Record<ContactMessageStatus, { title: string; detail: string }> = {
  open: {
    title: 'No open messages.',
    detail: 'Messages sent from the Contact Us page wait here until someone handles them.',
  },
  handled: {
    title: 'No handled messages yet.',
    detail: 'Messages marked as handled are kept here and can be reopened.',
  },
};

/** The tab and page live in the URL (?status=handled&page=2), so a reload shows the same. */
function useInboxParams() {
  const [search, setSearch] = useSearchParams();
  const status: ContactMessageStatus = search.get('status') === 'handled' ? 'handled' : 'open';
  const pageText = Number(search.get('page'));
  const page = Number.isInteger(pageText) && pageText > 1 ? pageText : 1;
  const setPage = (next: number) =>
    setSearch((current) => {
      const query = new URLSearchParams(current);
      if (next <= 1) query.delete('page');
      else query.set('page', String(next));
      return query;
    });
  return { status, page, setPage };
}

function InboxSkeleton() {
  return (
    <LoadingRegion label="Loading contact messages" className="flex flex-col gap-3">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="mt-2 h-4 w-56" />
          <Skeleton className="mt-4 h-16 w-full" />
          <Skeleton className="mt-4 h-8 w-64" />
        </div>
      ))}
    </LoadingRegion>
  );
}

/**
 * Issue 18: the admins' inbox of Contact Us messages. Open ones wait, newest first, until someone
 * marks them handled; the dashboard's 'Open contact messages' queue links here.
 */
export function ContactInbox() {
  const { status, page, setPage } = useInboxParams();
  const messages = useContactMessages({ status, page });
  const listHeading = useRef<HTMLHeadingElement>(null);
  const openCount = messages.data?.openCount;

  let body;
  if (messages.isPending) {
    body = <InboxSkeleton />;
  } else if (messages.isError) {
    body = (
      <EmptyState
        icon={<Inbox className="size-8" />}
        title="The messages could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void messages.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(messages.error)}</span>
      </EmptyState>
    );
  } else if (messages.data.messages.length === 0) {
    const empty = EMPTY_TEXTS[status];
    body = (
      <EmptyState
        icon={status === 'open' ? <MailCheck className="size-8" /> : <Inbox className="size-8" />}
        title={empty.title}
      >
        {empty.detail}
      </EmptyState>
    );
  } else {
    const { pagination } = messages.data;
    body = (
      <>
        <ul
          className={cn(
            'flex flex-col gap-3 transition-opacity',
            messages.isPlaceholderData && 'opacity-60',
          )}
        >
          {messages.data.messages.map((message) => (
            <li key={message.id}>
              <ContactMessageCard message={message} onMoved={() => listHeading.current?.focus()} />
            </li>
          ))}
        </ul>
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          onPageChange={setPage}
          label="Message pages"
        />
      </>
    );
  }

  const total = messages.data?.pagination.rowCount;
  return (
    <>
      <PageHeader
        title="Messages"
        description="What visitors wrote on the Contact Us page. Reply by e-mail, then mark the message as handled."
      />
      <nav aria-label="Message status" className="mb-4 border-b border-slate-200">
        <ul className="-mb-px flex gap-1">
          {TABS.map((tab) => {
            const current = tab.status === status;
            return (
              <li key={tab.status}>
                <Link
                  to={paths.dashboard.messages.getHref(
                    tab.status === 'handled' ? 'handled' : undefined,
                  )}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center gap-2 border-b-2 px-4 text-sm font-medium',
                    current
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900',
                  )}
                >
                  {tab.label}
                  {tab.status === 'open' && openCount !== undefined ? (
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                        openCount > 0
                          ? 'bg-amber-100 text-amber-900'
                          : 'bg-slate-100 text-slate-700',
                      )}
                    >
                      <span className="sr-only">: </span>
                      {openCount.toLocaleString('en-IN')}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <h2
        ref={listHeading}
        tabIndex={-1}
        className="mb-3 text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {status === 'open' ? 'Open messages' : 'Handled messages'}
        {total ? (
          <span className="ml-2 text-sm font-normal text-slate-600" aria-live="polite">
            {total.toLocaleString('en-IN')} {total === 1 ? 'message' : 'messages'},{' '}
            {status === 'open' ? 'newest first' : 'most recently handled first'}
          </span>
        ) : null}
      </h2>
      {body}
    </>
  );
}
