import { PackagePlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { goodsReceiptSchema, MESSAGES, utcDay, type GoodsReceiptInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { NumberInput } from '../../../components/ui/number-input';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useShopSettings } from '../../../lib/shop-settings';
import { notify } from '../../../lib/toast';
import { useReceiveStock } from '../api/receive-stock';
import { useRequestKey } from '../hooks/use-request-key';
import { fieldOfServerMessage } from '../utils/server-field';
import { unitsText } from '../utils/stock-format';
import { textResolver } from '../utils/text-resolver';

interface ReceiptValues {
  productId: string;
  units: string;
  batchNumber: string;
  expiryDate: string;
  supplier: string;
  invoiceReference: string;
  purchasePrice: string;
}

const FIELDS = [
  'units',
  'batchNumber',
  'expiryDate',
  'supplier',
  'invoiceReference',
  'purchasePrice',
] as const;

const optional = <span className="font-normal text-slate-600">(optional)</span>;

/**
 * Issue 15 goods receipt: units of one batch arrive (batch number and expiry as printed on the
 * pack; supplier, invoice and purchase price optional). The shared schema checks it as the server
 * does; a batch number the product already has adds to that batch.
 */
export function GoodsReceiptForm({ productId }: { productId: number }) {
  const { currencySymbol } = useShopSettings();
  const receive = useReceiveStock();
  const requestKey = useRequestKey();
  const empty: ReceiptValues = {
    productId: String(productId),
    units: '',
    batchNumber: '',
    expiryDate: '',
    supplier: '',
    invoiceReference: '',
    purchasePrice: '',
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReceiptValues, unknown, GoodsReceiptInput>({
    resolver: textResolver(goodsReceiptSchema),
    defaultValues: empty,
  });

  const onValid = async (input: GoodsReceiptInput) => {
    try {
      const { message, batch } = await receive.mutateAsync({
        input,
        idempotencyKey: requestKey.take(input),
      });
      requestKey.done();
      notify.success(`${message}: ${unitsText(input.units)} of batch ${batch.batchNumber}`);
      reset(empty);
    } catch (error) {
      // The error toast carries the server's message; a named field shows it as well.
      if (error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 409)) {
        const named = fieldOfServerMessage(getErrorMessage(error), FIELDS);
        if (named) setError(named.field, { message: named.message }, { shouldFocus: true });
      }
    }
  };
  const onSubmit = handleSubmit(onValid, () => notify.error(MESSAGES.formValidationFailed));

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Receive stock"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <FormField label="Units" error={errors.units?.message} hint="At least 1">
        {(field) => <NumberInput {...field} {...register('units')} min={1} />}
      </FormField>
      <FormField
        label="Batch number"
        error={errors.batchNumber?.message}
        hint="As printed on the pack"
      >
        {(field) => (
          <Input
            {...field}
            {...register('batchNumber')}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
          />
        )}
      </FormField>
      <FormField label="Expiry date" error={errors.expiryDate?.message}>
        {(field) => <Input {...field} {...register('expiryDate')} type="date" min={utcDay()} />}
      </FormField>
      <FormField label={<>Supplier {optional}</>} error={errors.supplier?.message}>
        {(field) => (
          <Input {...field} {...register('supplier')} autoComplete="off" maxLength={120} />
        )}
      </FormField>
      <FormField label={<>Invoice reference {optional}</>} error={errors.invoiceReference?.message}>
        {(field) => (
          <Input {...field} {...register('invoiceReference')} autoComplete="off" maxLength={60} />
        )}
      </FormField>
      <FormField
        label={<>Purchase price {optional}</>}
        error={errors.purchasePrice?.message}
        hint={`Per unit, in ${currencySymbol}`}
      >
        {(field) => <NumberInput {...field} {...register('purchasePrice')} allowDecimals min={0} />}
      </FormField>
      <div className="sm:col-span-2 lg:col-span-3">
        <Button
          type="submit"
          isPending={isSubmitting || receive.isPending}
          pendingText="Receiving..."
          icon={<PackagePlus aria-hidden="true" className="size-4" />}
        >
          Receive Stock
        </Button>
      </div>
    </form>
  );
}
