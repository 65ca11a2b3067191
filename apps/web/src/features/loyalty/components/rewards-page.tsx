import { Gift, History, RefreshCw, ShoppingBag, Sparkles, Timer } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  LOYALTY_TEXTS,
  loyaltyPolicyTexts,
  type LoyaltyEntry,
  type LoyaltySummary,
} from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { getErrorMessage } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/format-date';
import { useLoyalty } from '../api/get-loyalty';

const { pointsText, rupeesText } = LOYALTY_TEXTS;

/** 'Reversed' alone does not say which way: the row's detail does. */
function entryDetail(entry: LoyaltyEntry): string {
  switch (entry.kind) {
    case 'earned':
      return entry.expiresAt ? `Expires on ${formatShortDate(entry.expiresAt)}` : 'Delivered order';
    case 'redeemed':
      return 'Spent on an order';
    case 'reversed':
      return entry.reverses === 'redeemed'
        ? 'Given back from the order'
        : 'Taken back: the order was cancelled or refunded';
    case 'expired':
      return 'Not used in time';
  }
}

function BalanceCard({ summary }: { summary: LoyaltySummary }) {
  const [first, ...more] = summary.expiringSoon;
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        >
          <Gift className="size-6" />
        </span>
        <div>
          <p className="text-sm font-medium text-slate-600">Your balance</p>
          <p className="text-3xl font-bold text-slate-900" data-testid="points-balance">
            {pointsText(summary.balance)}
          </p>
          <p className="text-sm text-slate-700">
            Worth {rupeesText(summary.balanceValueMinor)} on your next order
          </p>
        </div>
      </div>
      {first ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          role="note"
        >
          <Timer aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {pointsText(first.points)} {first.points === 1 ? 'expires' : 'expire'} on{' '}
            {formatShortDate(first.expiresAt)}
            {more.length > 0
              ? `, and ${pointsText(more.reduce((sum, lot) => sum + lot.points, 0))} more within 30 days`
              : ''}
            .
          </span>
        </p>
      ) : null}
    </Card>
  );
}

function HowItWorks({ policy }: { policy: LoyaltySummary['policy'] }) {
  const texts = loyaltyPolicyTexts(policy);
  return (
    <section aria-labelledby="rewards-how-heading" className="grid gap-3 sm:grid-cols-2">
      <h2 id="rewards-how-heading" className="sr-only">
        How points work
      </h2>
      <Card className="flex gap-3 p-4">
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <h3 className="font-semibold text-slate-900">How to earn</h3>
          <p className="text-sm text-slate-700">
            Every delivered order earns {texts.earn}. Points expire {texts.expiry} after they are
            credited.
          </p>
        </div>
      </Card>
      <Card className="flex gap-3 p-4">
        <ShoppingBag aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <h3 className="font-semibold text-slate-900">How to spend</h3>
          <p className="text-sm text-slate-700">
            Use them at the payment step: {texts.value}, {texts.cap}. Points of a cancelled order
            come back to you.
          </p>
        </div>
      </Card>
    </section>
  );
}

function HistoryTable({ entries }: { entries: LoyaltyEntry[] }) {
  return (
    // Points come right after the date: on a phone the table scrolls sideways, and the points
    // are what a member looks for first.
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label="Points history table"
      tabIndex={0}
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Points history, newest first</caption>
        <thead className="bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Points
            </th>
            <th scope="col" className="px-3 py-2">
              Activity
            </th>
            <th scope="col" className="px-3 py-2">
              Order
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-100 even:bg-slate-50/60">
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                {formatShortDate(entry.createdAt)}
              </td>
              <td
                className={cn(
                  'px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums',
                  entry.points > 0 ? 'text-green-700' : 'text-slate-800',
                )}
              >
                {entry.points > 0 ? `+${entry.points}` : `−${Math.abs(entry.points)}`}
              </td>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <span className="block font-medium text-slate-900">
                  {LOYALTY_TEXTS.kind[entry.kind]}
                </span>
                <span className="block text-slate-600">{entryDetail(entry)}</span>
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                {entry.orderId !== null ? (
                  <Link
                    to={paths.order.getHref(entry.orderId)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    Order #{entry.orderId}
                  </Link>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Issue 19 'Rewards': the member's points balance and its value, points lapsing soon, how the
 * programme works (the configured figures) and the history, newest first.
 */
export function RewardsPage() {
  const [page, setPage] = useState(1);
  const loyalty = useLoyalty(page);
  const historyRef = useRef<HTMLHeadingElement>(null);

  const turnPage = (next: number) => {
    setPage(next);
    historyRef.current?.focus();
  };

  let body;
  if (loyalty.isPending) {
    body = (
      <LoadingRegion label="Loading your points" className="flex flex-col gap-4">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-48 w-full" />
      </LoadingRegion>
    );
  } else if (loyalty.isError) {
    body = (
      <EmptyState
        icon={<Gift className="size-8" />}
        title={LOYALTY_TEXTS.loadFailed}
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void loyalty.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(loyalty.error)}</span>
      </EmptyState>
    );
  } else {
    const summary = loyalty.data;
    body = (
      <div className="flex flex-col gap-6">
        <BalanceCard summary={summary} />
        <HowItWorks policy={summary.policy} />
        <section aria-labelledby="rewards-history-heading" className="flex flex-col gap-3">
          <h2
            id="rewards-history-heading"
            ref={historyRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            History
          </h2>
          {summary.history.length === 0 ? (
            <EmptyState
              icon={<History className="size-8" />}
              title={LOYALTY_TEXTS.emptyHistory}
              action={<ButtonLink to={paths.shop.getHref()}>Start shopping</ButtonLink>}
            >
              Your first delivered order earns {loyaltyPolicyTexts(summary.policy).earn}.
            </EmptyState>
          ) : (
            <>
              <HistoryTable entries={summary.history} />
              <Pagination
                page={summary.pagination.page}
                pageCount={summary.pagination.pageCount}
                onPageChange={turnPage}
                label="Points history pages"
              />
            </>
          )}
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={LOYALTY_TEXTS.pageTitle} description={LOYALTY_TEXTS.pageDescription} />
      {body}
    </>
  );
}
