import { ArrowLeft, Check, PackageCheck, RefreshCw, Repeat, Undo2, X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import {
  formatMoney,
  returnReceiveSchema,
  returnRefundFormSchema,
  returnRejectSchema,
  type ReturnQueueItem,
  type ReturnReceiveInput,
  type ReturnRefundFormValues,
  type ReturnRefundInput,
  type ReturnRejectInput,
} from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldError, FormField, Input, Select, Textarea } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download-file';
import { useShopSettings } from '../../../lib/shop-settings';
import { notify } from '../../../lib/toast';
import { useReturnAction, useReturnRequest, type ReturnAction } from '../api/admin-returns';
import { KIND_TITLES, ReturnStatusBadge, ReturnSteps } from './return-steps';

const rejectResolver = zodResolver(returnRejectSchema);

/** Cash on delivery is refunded as a payout the pharmacy makes and records with its reference. */
const isCashOnDelivery = (request: ReturnQueueItem) =>
  (request.paymentNote ?? '').toLowerCase().includes('cash');

function useAct(id: number) {
  const action = useReturnAction(id);
  const [error, setError] = useState<string | null>(null);
  const run = (input: ReturnAction) => {
    // The pending flag disables the buttons; this guards a second click in the same frame too.
    if (action.isPending) return;
    setError(null);
    action.mutate(input, {
      onSuccess: (result) => notify.success(result.message),
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  };
  return { run, error, isPending: action.isPending, variables: action.variables };
}

function RequestedActions({ request }: { request: ReturnQueueItem }) {
  const { run, error, isPending, variables } = useAct(request.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReturnRejectInput>({
    resolver: rejectResolver,
    defaultValues: { reason: '' },
  });
  const reject = handleSubmit(({ reason }) => run({ action: 'reject', reason }));
  return (
    <div className="flex flex-col gap-4">
      <Button
        icon={<Check aria-hidden="true" className="size-4" />}
        isPending={isPending && variables?.action === 'approve'}
        disabled={isPending}
        onClick={() => run({ action: 'approve' })}
        className="self-start"
      >
        Approve
      </Button>
      <form onSubmit={(event) => void reject(event)} className="flex flex-col gap-2" noValidate>
        <FormField
          label="Reason for rejecting"
          hint="The customer reads it in the mail and on the order page."
          error={errors.reason?.message}
        >
          {(field) => <Textarea {...field} rows={2} maxLength={500} {...register('reason')} />}
        </FormField>
        <Button
          type="submit"
          variant="danger"
          icon={<X aria-hidden="true" className="size-4" />}
          isPending={isPending && variables?.action === 'reject'}
          disabled={isPending}
          className="self-start"
        >
          Reject
        </Button>
      </form>
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}

function ReceiveActions({ request }: { request: ReturnQueueItem }) {
  const { run, error, isPending } = useAct(request.id);
  const { control, handleSubmit } = useForm<ReturnReceiveInput>({
    resolver: zodResolver(returnReceiveSchema),
    // Unopened returns are usually fit to sell again; damaged items never are.
    defaultValues: {
      lines: request.lines.map((l) => ({
        orderLineId: l.orderLineId,
        resaleableUnits: request.kind === 'return' ? l.units : 0,
      })),
    },
  });
  const submit = handleSubmit((body) => run({ action: 'receive', body }));
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <p className="text-sm text-slate-700">
        Units fit to sell again go back to their batch; the rest are written off on the stock
        ledger.
      </p>
      {request.lines.map((line, index) => (
        <Controller
          key={line.orderLineId}
          control={control}
          name={`lines.${index}.resaleableUnits`}
          render={({ field: units, fieldState }) => (
            <FormField
              label={`Resaleable units of ${line.productName}`}
              hint={`${line.units} came back`}
              error={fieldState.error?.message}
            >
              {(field) => (
                <Input
                  {...field}
                  ref={units.ref}
                  name={units.name}
                  onBlur={units.onBlur}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.units}
                  value={units.value}
                  onChange={(e) =>
                    units.onChange(
                      Math.max(0, Math.min(line.units, Math.floor(Number(e.target.value) || 0))),
                    )
                  }
                  className="w-28"
                />
              )}
            </FormField>
          )}
        />
      ))}
      <Button
        type="submit"
        icon={<PackageCheck aria-hidden="true" className="size-4" />}
        isPending={isPending}
        disabled={isPending}
        className="self-start"
      >
        Mark received
      </Button>
      {error ? <FieldError>{error}</FieldError> : null}
    </form>
  );
}

function SettleActions({ request }: { request: ReturnQueueItem }) {
  const { run, error, isPending, variables } = useAct(request.id);
  const { currencySymbol } = useShopSettings();
  const cod = isCashOnDelivery(request);
  const refundResolver = useMemo(
    () =>
      zodResolver(returnRefundFormSchema(cod)) as unknown as Resolver<
        ReturnRefundFormValues,
        unknown,
        ReturnRefundInput
      >,
    [cod],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReturnRefundFormValues, unknown, ReturnRefundInput>({
    resolver: refundResolver,
    defaultValues: { amount: request.refundDue.toFixed(2), channel: 'upi', reference: '' },
  });
  const [note, setNote] = useState('');
  const refund = handleSubmit((body) => run({ action: 'refund', body }));
  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={(event) => void refund(event)} className="flex flex-col gap-3" noValidate>
        <FormField
          label={`Refund amount (${currencySymbol})`}
          hint={`Due for these items: ${formatMoney(request.refundDue, currencySymbol)}; at most ${formatMoney(request.refundable, currencySymbol)} can still be refunded on this order.`}
          error={errors.amount?.message}
        >
          {(field) => (
            <Input {...field} inputMode="decimal" {...register('amount')} className="w-40" />
          )}
        </FormField>
        {cod ? (
          <>
            <FormField label="Paid back by" error={errors.channel?.message}>
              {(field) => (
                <Select {...field} {...register('channel')} className="w-48">
                  <option value="upi">UPI</option>
                  <option value="bank_transfer">Bank transfer</option>
                </Select>
              )}
            </FormField>
            <FormField
              label="Payout reference"
              hint="The UPI or bank transaction reference."
              error={errors.reference?.message}
            >
              {(field) => (
                <Input {...field} maxLength={100} {...register('reference')} className="w-64" />
              )}
            </FormField>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            The refund goes back to the card the order was paid with.
          </p>
        )}
        <Button
          type="submit"
          icon={<Undo2 aria-hidden="true" className="size-4" />}
          isPending={isPending && variables?.action === 'refund'}
          disabled={isPending}
          className="self-start"
        >
          Refund
        </Button>
      </form>
      {request.kind === 'damage' ? (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
          <FormField label="Replacement note (optional)" hint="Mailed to the customer.">
            {(field) => (
              <Input
                {...field}
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </FormField>
          <Button
            variant="secondary"
            icon={<Repeat aria-hidden="true" className="size-4" />}
            isPending={isPending && variables?.action === 'replace'}
            disabled={isPending}
            onClick={() => run({ action: 'replace', note: note.trim() || undefined })}
            className="self-start"
          >
            Send a replacement
          </Button>
        </div>
      ) : null}
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}

/** Issue 19: one request as the pharmacy works it, with the step its status allows. */
export function ReturnRequestAdmin({ id }: { id: number }) {
  const query = useReturnRequest(id);
  const { currencySymbol } = useShopSettings();
  const back = (
    <ButtonLink
      variant="secondary"
      to={paths.dashboard.returns.getHref()}
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
    >
      Back to returns
    </ButtonLink>
  );
  if (query.isPending)
    return (
      <LoadingRegion label="Loading the return request">
        <Skeleton className="h-64 w-full" />
      </LoadingRegion>
    );
  if (query.isError)
    return (
      <>
        <PageHeader title="Return request" actions={back} />
        <EmptyState
          icon={<Undo2 className="size-8" />}
          title={getErrorMessage(query.error)}
          action={
            <Button
              variant="secondary"
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={() => void query.refetch()}
            >
              Try again
            </Button>
          }
        />
      </>
    );
  const request = query.data;
  const actions =
    request.status === 'requested' ? (
      <RequestedActions request={request} />
    ) : request.status === 'approved' ? (
      <ReceiveActions request={request} />
    ) : request.status === 'received' ? (
      <SettleActions request={request} />
    ) : null;
  return (
    <>
      <PageHeader
        title={`${KIND_TITLES[request.kind]} #${request.id}`}
        description={
          <>
            <Link
              to={paths.order.getHref(request.orderId)}
              className="text-brand-700 underline hover:text-brand-800"
            >
              Order #{request.orderId}
            </Link>{' '}
            · {request.customerName} ({request.customerEmail}) · {request.paymentNote ?? 'Unpaid'}
          </>
        }
        actions={back}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card className="p-4 sm:p-5">
            <div className="mb-3 flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900">Request</h2>
              <ReturnStatusBadge status={request.status} />
            </div>
            <p className="text-sm text-slate-800">
              {request.reasonLabel}
              {request.reasonText ? ` — ${request.reasonText}` : ''}
            </p>
            <ul className="my-3 divide-y divide-slate-100 text-sm">
              {request.lines.map((line) => (
                <li key={line.orderLineId} className="flex justify-between gap-3 py-1.5">
                  <span>
                    {line.productName} × {line.units}
                    {line.resaleableUnits !== null
                      ? ` (${line.resaleableUnits} back in stock)`
                      : ''}
                  </span>
                  <span className="font-medium">{formatMoney(line.refundDue, currencySymbol)}</span>
                </li>
              ))}
            </ul>
            {request.photos.length > 0 ? (
              <div>
                <h3 className="mb-1 text-sm font-semibold text-slate-900">Photos</h3>
                <ul className="flex flex-wrap gap-2 text-sm">
                  {request.photos.map((photo) => (
                    <li key={photo.id}>
                      <button
                        type="button"
                        className="text-brand-700 underline"
                        onClick={() =>
                          void downloadWithSession(photo.url, {
                            accept: '*/*',
                            fallbackName: photo.originalName,
                            failure: 'The photo could not be downloaded.',
                          }).catch((failure: unknown) => notify.error(getErrorMessage(failure)))
                        }
                      >
                        {photo.originalName}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </Card>
          {actions ? (
            <Card className="p-4 sm:p-5">
              <h2 className="mb-3 text-lg font-semibold text-slate-900">Next step</h2>
              {actions}
            </Card>
          ) : null}
        </div>
        <Card className="p-4 sm:p-5">
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Steps</h2>
          <ReturnSteps request={request} />
        </Card>
      </div>
    </>
  );
}
