import { BellOff, BellRing, CircleCheck, CircleX, MailCheck, RefreshCw, X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import type { StockAlert } from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { RowListSkeleton } from '../../../components/ui/row-list-skeleton';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/format-date';
import { notify } from '../../../lib/toast';
import { useCancelStockAlert } from '../api/cancel-stock-alert';
import { useStockAlerts } from '../api/get-stock-alerts';

const newestFirst = (key: 'requestedAt' | 'notifiedAt') => (a: StockAlert, b: StockAlert) =>
  (b[key] ?? '').localeCompare(a[key] ?? '');

function Badge({ tone, children }: { tone: 'green' | 'red'; children: ReactNode }) {
  const Icon = tone === 'green' ? CircleCheck : CircleX;
  return (
    <span
      className={
        tone === 'green'
          ? 'inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-green-800 ring-1 ring-green-200'
          : 'inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-200'
      }
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {children}
    </span>
  );
}

function AlertCard({
  alert,
  icon,
  meta,
  aside,
}: {
  alert: StockAlert;
  icon: ReactNode;
  meta: ReactNode;
  aside: ReactNode;
}) {
  return (
    <li className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:items-center">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        {icon}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <Link
            to={paths.product.getHref(alert.productId)}
            className="font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {alert.productName}
          </Link>
          <p className="text-sm text-slate-600">{meta}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">{aside}</div>
      </div>
    </li>
  );
}

function WaitingList({
  alerts,
  headingRef,
}: {
  alerts: StockAlert[];
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const cancel = useCancelStockAlert();
  const onCancel = (alert: StockAlert) =>
    cancel.mutate(alert.productId, {
      onSuccess: ({ message }) => {
        notify.info(message);
        // The row is gone: focus goes to the list's heading instead of the top of the page.
        headingRef.current?.focus();
      },
    });

  return (
    <section aria-labelledby="stock-alerts-waiting" className="flex flex-col gap-3">
      <div>
        <h2
          id="stock-alerts-waiting"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          Waiting ({alerts.length})
        </h2>
        <p className="text-sm text-slate-600">
          We e-mail you once when each of these is back in stock.
        </p>
      </div>
      {alerts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-700">
          You are not waiting for any product right now.
        </p>
      ) : (
        <ul aria-label="Waiting for stock" className="flex flex-col gap-3">
          {alerts.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              icon={<BellRing className="size-5" />}
              meta={
                <>
                  Asked on{' '}
                  <time dateTime={alert.requestedAt}>{formatShortDate(alert.requestedAt)}</time>
                </>
              }
              aside={
                <>
                  {alert.inStock ? (
                    <Badge tone="green">Back in stock, e-mail on its way</Badge>
                  ) : null}
                  <Button
                    variant="quiet"
                    size="sm"
                    icon={<X aria-hidden="true" className="size-4" />}
                    isPending={cancel.isPending && cancel.variables === alert.productId}
                    aria-label={`Cancel the e-mail about ${alert.productName}`}
                    onClick={() => onCancel(alert)}
                  >
                    Cancel
                  </Button>
                </>
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function FulfilledList({ alerts }: { alerts: StockAlert[] }) {
  return (
    <section aria-labelledby="stock-alerts-fulfilled" className="flex flex-col gap-3">
      <div>
        <h2 id="stock-alerts-fulfilled" className="text-lg font-semibold text-slate-900">
          E-mailed recently
        </h2>
        <p className="text-sm text-slate-600">
          Requests of the last 90 days that we have answered. To hear about a product again, ask
          again on its page.
        </p>
      </div>
      <ul aria-label="E-mailed recently" className="flex flex-col gap-3">
        {alerts.map((alert) => (
          <AlertCard
            key={alert.id}
            alert={alert}
            icon={<MailCheck className="size-5" />}
            meta={
              alert.notifiedAt ? (
                <>
                  E-mailed on{' '}
                  <time dateTime={alert.notifiedAt}>{formatShortDate(alert.notifiedAt)}</time>
                </>
              ) : null
            }
            aside={
              alert.inStock ? (
                <Badge tone="green">In stock now</Badge>
              ) : (
                <Badge tone="red">Out of stock again</Badge>
              )
            }
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * Issue 17 'Stock Alerts': the shopper's 'Notify me when available' requests still waiting, each
 * with its product and a Cancel, and those answered in the last 90 days ('E-mailed on …', and
 * whether the product is in stock now).
 */
export function StockAlertList() {
  const list = useStockAlerts();
  const waitingHeading = useRef<HTMLHeadingElement>(null);

  let body;
  if (list.isPending) {
    body = (
      <RowListSkeleton
        label="Loading your stock alerts"
        heading={<Skeleton className="h-6 w-40" />}
        detailWidth="w-32"
        actionWidth="w-20"
      />
    );
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<BellOff className="size-8" />}
        title="Your stock alerts could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void list.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(list.error)}</span>
      </EmptyState>
    );
  } else if (list.data.alerts.length === 0) {
    body = (
      <EmptyState
        icon={<BellOff className="size-8" />}
        title="You are not waiting for any product."
        action={<ButtonLink to={paths.shop.getHref()}>Browse the shop</ButtonLink>}
      >
        When a product is out of stock, choose ‘Notify me when available’ on its page and we will
        e-mail you once it is back.
      </EmptyState>
    );
  } else {
    const waiting = list.data.alerts
      .filter((alert) => alert.notifiedAt === null)
      .sort(newestFirst('requestedAt'));
    const fulfilled = list.data.alerts
      .filter((alert) => alert.notifiedAt !== null)
      .sort(newestFirst('notifiedAt'));
    body = (
      <div className="flex flex-col gap-8">
        <WaitingList alerts={waiting} headingRef={waitingHeading} />
        {fulfilled.length > 0 ? <FulfilledList alerts={fulfilled} /> : null}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Stock Alerts"
        description="Products you asked us to e-mail you about when they are back in stock."
      />
      {body}
    </>
  );
}
