import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  reorderLevelSchema,
  type ProductStockResponse,
  type ReorderLevelInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { NumberInput } from '../../../components/ui/number-input';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useSetReorderLevel } from '../api/set-reorder-level';
import { formatShortDate, unitsText } from '../utils/stock-format';
import { textResolver } from '../utils/text-resolver';

interface ReorderValues {
  reorderLevel: string;
}

/** The reorder level of spec §9's highlight, per product: below it, the low-stock list shows it. */
function ReorderLevelForm({
  productId,
  reorderLevel,
}: {
  productId: number;
  reorderLevel: number;
}) {
  const save = useSetReorderLevel(productId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ReorderValues, unknown, ReorderLevelInput>({
    resolver: textResolver(reorderLevelSchema),
    values: { reorderLevel: String(reorderLevel) },
  });

  const onSubmit = handleSubmit(async ({ reorderLevel: level }) => {
    try {
      const { message } = await save.mutateAsync(level);
      notify.success(message);
      reset({ reorderLevel: String(level) });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 400)
        setError('reorderLevel', { message: getErrorMessage(error).replace(/^\w+: /, '') });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Reorder level"
      className={cn(tileClass, 'flex flex-col gap-1 sm:col-span-2 lg:col-span-1')}
    >
      <FormField
        label="Reorder level"
        error={errors.reorderLevel?.message}
        hint="Below it, the product is on the low-stock list"
      >
        {(field) => (
          <div className="flex gap-2">
            <NumberInput
              {...field}
              {...register('reorderLevel')}
              min={0}
              className="min-w-0 flex-1"
            />
            <Button
              type="submit"
              variant="secondary"
              disabled={!isDirty}
              title={isDirty ? undefined : 'Change the level to save it'}
              isPending={save.isPending}
              pendingText="Saving..."
              icon={<Save aria-hidden="true" className="size-4" />}
            >
              Save
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}

const tileClass = 'rounded-lg border border-slate-200 bg-slate-50 px-4 py-3';

function Figure({
  label,
  value,
  note,
  tone = 'normal',
}: {
  label: string;
  value: string;
  note?: string;
  tone?: 'normal' | 'low';
}) {
  return (
    <dl className={cn(tileClass, 'flex flex-col gap-0.5')}>
      <dt className="text-sm font-medium text-slate-800">{label}</dt>
      <dd
        className={cn(
          'text-2xl font-bold tabular-nums',
          tone === 'low' ? 'text-red-700' : 'text-slate-900',
        )}
      >
        {value}
      </dd>
      {note ? (
        <dd
          className={cn(
            'text-xs',
            tone === 'low' ? 'font-semibold text-red-700' : 'text-slate-600',
          )}
        >
          {note}
        </dd>
      ) : null}
    </dl>
  );
}

/**
 * The product's stock at a glance: sellable units (what the shop sells, red below the reorder
 * level), every unit on hand and the reorder level, with the rule that decides what is sellable.
 */
export function StockSummary({ stock }: { stock: ProductStockResponse }) {
  const { product, minShelfLifeDays, sellableFrom } = stock;
  const low = product.quantity < product.reorderLevel;
  const unsellable = product.onHand - product.quantity;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label="Sellable stock"
          value={unitsText(product.quantity)}
          tone={low ? 'low' : 'normal'}
          note={
            low
              ? product.quantity <= 0
                ? 'Out of stock: the shop shows Out Of Stock'
                : 'Low stock: below the reorder level'
              : 'What the shop can sell now'
          }
        />
        <Figure
          label="Units on hand"
          value={unitsText(product.onHand)}
          note={
            unsellable > 0
              ? `${unitsText(unsellable)} cannot be sold (expired, short-dated or recalled)`
              : 'Every batch together'
          }
        />
        <ReorderLevelForm productId={product.id} reorderLevel={product.reorderLevel} />
      </div>
      <p className="text-sm text-slate-600">
        A batch is sold while it has at least {minShelfLifeDays} days of shelf life left: today,
        batches expiring on or after <strong>{formatShortDate(sellableFrom)}</strong>. Orders take
        the batch that expires first.
      </p>
    </div>
  );
}
