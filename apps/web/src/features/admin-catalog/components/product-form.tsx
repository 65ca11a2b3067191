import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, FileText, RefreshCw, Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  isLowStock,
  MESSAGES,
  PRODUCT_QUANTITY_NOT_EDITABLE,
  productCreateSchema,
  productFormSchema,
  utcDay,
  type DrugSchedule,
  type Product,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Select, Textarea } from '../../../components/ui/form-field';
import { NumberInput } from '../../../components/ui/number-input';
import { paths } from '../../../config/paths';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useShopSettings } from '../../../lib/shop-settings';
import { notify } from '../../../lib/toast';
import { useCreateProduct } from '../api/create-product';
import { useSchedules } from '../api/get-schedules';
import { useUpdateProduct } from '../api/update-product';
import {
  fieldOfServerMessage,
  productFormData,
  productFormDefaults,
  type ProductFormOutput,
  type ProductFormValues,
} from '../utils/product-form';
import { EntrySelect } from './entry-select';
import { emptyImageSelection, ImagePicker, type ImageSelection } from './image-picker';
import { ProductTaxFields } from './product-tax-fields';

/** Spec §5: the number inputs carry min 5 on add and 50 on edit. */
const PRICE_MIN = { add: 5, edit: 50 } as const;

function resolverFor(
  mode: 'add' | 'edit',
): Resolver<ProductFormValues, unknown, ProductFormOutput> {
  // The shared schemas take text (they coerce), so the form's text values are their input; the
  // edit schema has no stock fields and drops the (empty) opening-stock values.
  const schema = mode === 'add' ? productCreateSchema : productFormSchema;
  return zodResolver(schema) as unknown as Resolver<ProductFormValues, unknown, ProductFormOutput>;
}

/** The sentence the server gives for a quantity on edit, without its field name. */
const stockInBatches =
  fieldOfServerMessage(PRODUCT_QUANTITY_NOT_EDITABLE)?.message ?? PRODUCT_QUANTITY_NOT_EDITABLE;

/**
 * On edit the stock is shown, not typed: it is the sum of the sellable batches, changed by goods
 * receipts and adjustments in the Stock section of the same page.
 */
function SellableStock({
  quantity,
  stockSectionId,
}: {
  quantity: number;
  stockSectionId?: string;
}) {
  const id = useId();
  const hintId = useId();
  const low = isLowStock(quantity);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Sellable stock
      </label>
      <output
        id={id}
        aria-describedby={hintId}
        className={cn(
          'flex min-h-[2.625rem] items-center rounded-lg border border-slate-200 bg-slate-50 px-3 text-base tabular-nums',
          low ? 'font-semibold text-red-700' : 'text-slate-900',
        )}
      >
        {quantity <= 0 ? 'Not Available' : `${quantity} ${quantity === 1 ? 'unit' : 'units'}`}
        {quantity > 0 && low ? <span className="sr-only"> (low stock)</span> : null}
      </output>
      <p id={hintId} className="text-xs text-slate-600">
        {stockInBatches}
      </p>
      {stockSectionId ? (
        <a
          href={`#${stockSectionId}`}
          className="inline-flex w-fit items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          Go to Stock
        </a>
      ) : null}
    </div>
  );
}

/** What a schedule means for the product, in words (DESIGN.md: never colour alone). */
function ScheduleMeaning({ schedule }: { schedule: DrugSchedule | undefined }) {
  if (!schedule) return null;
  const chip =
    'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold ring-1';
  return (
    <span className="mt-1 flex flex-wrap gap-1.5">
      {schedule.requiresPrescription ? (
        <span className={cn(chip, 'bg-amber-50 text-amber-900 ring-amber-200')}>
          <FileText aria-hidden="true" className="size-3.5" />
          Rx: prescription required
        </span>
      ) : (
        <span className={cn(chip, 'bg-green-50 text-green-800 ring-green-200')}>
          No prescription needed
        </span>
      )}
      {schedule.onlineSale ? null : (
        <span className={cn(chip, 'bg-slate-100 text-slate-800 ring-slate-300')}>
          Not sold online: the shop shows no cart button
        </span>
      )}
      {schedule.keepsRegister ? (
        <span className={cn(chip, 'bg-slate-100 text-slate-800 ring-slate-300')}>
          Dispatches go into the register
        </span>
      ) : null}
    </span>
  );
}

/**
 * Issue 16: the drug schedule (GET /api/schedules) instead of a bare prescription checkbox; the
 * chosen schedule sets the prescription flag (and so the Rx icon). A new product starts as the
 * first schedule sold without a prescription (over the counter).
 */
function ScheduleSelect({
  control,
  setValue,
  error,
}: {
  control: Control<ProductFormValues, unknown, ProductFormOutput>;
  setValue: UseFormSetValue<ProductFormValues>;
  error: string | undefined;
}) {
  const schedules = useSchedules();
  const code = useWatch({ control, name: 'scheduleCode' });
  const list = schedules.data ?? [];
  const chosen = list.find((schedule) => schedule.code === code);

  useEffect(() => {
    if (!schedules.data || code) return;
    const first =
      schedules.data.find((schedule) => !schedule.requiresPrescription && schedule.onlineSale) ??
      schedules.data[0];
    if (!first) return;
    setValue('scheduleCode', first.code);
    setValue('prescription', first.requiresPrescription);
  }, [schedules.data, code, setValue]);

  return (
    <FormField
      label="Drug schedule"
      error={error ?? (schedules.isError ? 'The schedules could not be loaded.' : undefined)}
      hint={<ScheduleMeaning schedule={chosen} />}
    >
      {(fieldProps) => (
        <div className="flex gap-2">
          <Controller
            control={control}
            name="scheduleCode"
            render={({ field }) => (
              <Select
                {...fieldProps}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  const next = list.find((schedule) => schedule.code === event.target.value);
                  if (next) setValue('prescription', next.requiresPrescription);
                }}
                aria-busy={schedules.isPending || undefined}
              >
                {list.length === 0 ? (
                  <option value={field.value}>
                    {schedules.isPending ? 'Loading schedules…' : field.value}
                  </option>
                ) : (
                  list.map((schedule) => (
                    <option key={schedule.code} value={schedule.code}>
                      {schedule.name}
                    </option>
                  ))
                )}
              </Select>
            )}
          />
          {schedules.isError ? (
            <Button
              variant="secondary"
              onClick={() => void schedules.refetch()}
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
            >
              Retry
            </Button>
          ) : null}
        </div>
      )}
    </FormField>
  );
}

/** Add only: the opening stock arrives as the product's first batch (a goods receipt). */
function OpeningStockFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  const { currencySymbol } = useShopSettings();
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="mb-1 text-base font-semibold text-slate-900">Opening stock</legend>
      <p className="-mt-1 text-sm text-slate-600 sm:col-span-2 lg:col-span-3">
        The first batch of this product, as it arrived from the supplier.
      </p>
      <FormField
        label="Quantity"
        error={errors.quantity?.message}
        hint="Units received, at least 1"
      >
        {(field) => <NumberInput {...field} {...register('quantity')} min={1} />}
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
            placeholder="DL2409A"
          />
        )}
      </FormField>
      <FormField label="Expiry date" error={errors.expiryDate?.message}>
        {(field) => <Input {...field} {...register('expiryDate')} type="date" min={utcDay()} />}
      </FormField>
      <FormField
        label={
          <>
            Supplier <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        error={errors.supplier?.message}
      >
        {(field) => (
          <Input {...field} {...register('supplier')} autoComplete="off" maxLength={120} />
        )}
      </FormField>
      <FormField
        label={
          <>
            Invoice reference <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        error={errors.invoiceReference?.message}
      >
        {(field) => (
          <Input {...field} {...register('invoiceReference')} autoComplete="off" maxLength={60} />
        )}
      </FormField>
      <FormField
        label={
          <>
            Purchase price <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        error={errors.purchasePrice?.message}
        hint={`Per unit, in ${currencySymbol}`}
      >
        {(field) => <NumberInput {...field} {...register('purchasePrice')} allowDecimals min={0} />}
      </FormField>
    </fieldset>
  );
}

/**
 * Spec §5 product add and edit form: the shared schema's rules and messages (the server applies
 * the same), division, manufacturer and salt composition dropdowns that can create a new entry,
 * the drug schedule (which sets the prescription flag) and the per-order limit (issue 16), the
 * active checkbox and several images. On add the opening stock (quantity
 * default 1, batch number, expiry date and the receipt's optional details) is its first batch; on
 * edit the sellable stock is shown read-only with a link to the page's Stock section. A failed
 * submit toasts 'Form validation failed'; success toasts the server's message and returns to the
 * list.
 */
export function ProductForm({
  mode,
  product,
  stockSectionId,
}: {
  mode: 'add' | 'edit';
  product?: Product;
  /** The id of the Stock section on the edit page, for the link beside the sellable stock. */
  stockSectionId?: string;
}) {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const returnableHintId = useId();
  const [images, setImages] = useState<ImageSelection>(() =>
    product
      ? { ...emptyImageSelection, existing: product.images.map(({ url }) => ({ url, keep: true })) }
      : emptyImageSelection,
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: resolverFor(mode),
    defaultValues: productFormDefaults(product),
  });

  const onValid = async (values: ProductFormOutput) => {
    const body = productFormData(values, {
      files: images.files,
      keepImageUrls:
        mode === 'edit'
          ? images.existing.filter((image) => image.keep).map((image) => image.url)
          : undefined,
    });
    try {
      const { message } =
        mode === 'edit' && product
          ? await update.mutateAsync({ id: product.id, body })
          : await create.mutateAsync(body);
      notify.success(
        message || (mode === 'edit' ? MESSAGES.productUpdated : MESSAGES.productCreated),
      );
      navigate(paths.dashboard.products.getHref());
    } catch (error) {
      // The error toast carries the server's message; a named field shows it as well.
      if (error instanceof ApiError && error.statusCode === 400) {
        const field = fieldOfServerMessage(getErrorMessage(error));
        if (field) setError(field.field, { message: field.message }, { shouldFocus: true });
      }
    }
  };

  const onSubmit = handleSubmit(onValid, () => notify.error(MESSAGES.formValidationFailed));
  const pending = isSubmitting || create.isPending || update.isPending;
  const priceMin = PRICE_MIN[mode];

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Product form">
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-base font-semibold text-slate-900">Product</legend>
        <FormField label="Name" error={errors.name?.message} className="sm:col-span-2">
          {(field) => <Input {...field} {...register('name')} autoComplete="off" />}
        </FormField>
        <FormField
          label="MRP"
          error={errors.maximumRetailPrice?.message}
          hint="Maximum retail price, at least 50"
        >
          {(field) => (
            <NumberInput
              {...field}
              {...register('maximumRetailPrice')}
              allowDecimals
              min={priceMin}
            />
          )}
        </FormField>
        <FormField
          label="Offer Price"
          error={errors.offerPrice?.message}
          hint="At least 50 and not above the MRP"
        >
          {(field) => (
            <NumberInput {...field} {...register('offerPrice')} allowDecimals min={priceMin} />
          )}
        </FormField>
        <Controller
          control={control}
          name="divisionId"
          render={({ field }) => (
            <EntrySelect
              kind="divisions"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              error={errors.divisionId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="manufacturerId"
          render={({ field }) => (
            <EntrySelect
              kind="manufacturers"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              error={errors.manufacturerId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="saltCompositionId"
          render={({ field }) => (
            <EntrySelect
              kind="saltCompositions"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              error={errors.saltCompositionId?.message}
            />
          )}
        />
        {mode === 'edit' && product ? (
          <SellableStock quantity={product.quantity} stockSectionId={stockSectionId} />
        ) : null}
        <ScheduleSelect
          control={control}
          setValue={setValue}
          error={errors.scheduleCode?.message}
        />
        <FormField
          label="Maximum units per order"
          error={errors.maxUnitsPerOrder?.message}
          hint="Optional, 1 to 1000; leave empty when only the stock limits an order"
        >
          {(field) => (
            <NumberInput {...field} {...register('maxUnitsPerOrder')} min={1} max={1000} />
          )}
        </FormField>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:gap-8">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              {...register('isActive')}
              className="size-5 rounded border-slate-400 accent-brand-700"
            />
            Active (shown in the shop)
          </label>
          <div className="flex flex-col gap-0.5">
            <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                {...register('returnable')}
                aria-describedby={returnableHintId}
                className="size-5 rounded border-slate-400 accent-brand-700"
              />
              Can be returned
            </label>
            <p id={returnableHintId} className="text-xs text-slate-600 sm:pl-7">
              Untick for cold-chain and other items that cannot be resold
            </p>
          </div>
        </div>
      </fieldset>

      <ProductTaxFields register={register} errors={errors} />

      {mode === 'add' ? <OpeningStockFields register={register} errors={errors} /> : null}

      <fieldset className="grid gap-5 sm:grid-cols-3">
        <legend className="mb-4 text-base font-semibold text-slate-900">
          Details <span className="font-normal text-slate-600">(optional)</span>
        </legend>
        <FormField label="Dosage form" error={errors.dosageForm?.message}>
          {(field) => <Input {...field} {...register('dosageForm')} placeholder="Tablet" />}
        </FormField>
        <FormField label="Strength" error={errors.strength?.message}>
          {(field) => <Input {...field} {...register('strength')} placeholder="650mg" />}
        </FormField>
        <FormField label="Pack size" error={errors.packSize?.message}>
          {(field) => (
            <Input {...field} {...register('packSize')} placeholder="Strip of 15 tablets" />
          )}
        </FormField>
        <FormField
          label="Description"
          error={errors.description?.message}
          className="sm:col-span-3"
        >
          {(field) => <Textarea {...field} {...register('description')} rows={4} />}
        </FormField>
      </fieldset>

      <ImagePicker value={images} onChange={setImages} />

      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
        <Button
          type="submit"
          size="lg"
          isPending={pending}
          pendingText={mode === 'add' ? 'Creating...' : 'Saving...'}
          icon={<Save aria-hidden="true" className="size-4" />}
        >
          {mode === 'add' ? 'Create Product' : 'Save Changes'}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          onClick={() => navigate(paths.dashboard.products.getHref())}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
