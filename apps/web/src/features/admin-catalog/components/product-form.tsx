import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  MESSAGES,
  productCreateSchema,
  productFormSchema,
  type Product,
  type ProductFormInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import {
  fieldOfServerMessage,
  productFormData,
  productFormDefaults,
  type ProductFormValues,
} from '../utils/product-form';
import { EntrySelect } from './entry-select';
import { emptyImageSelection, ImagePicker, type ImageSelection } from './image-picker';
import { NumberInput } from './number-input';

/** Spec §5: the number inputs carry min 5 on add and 50 on edit. */
const PRICE_MIN = { add: 5, edit: 50 } as const;

function resolverFor(mode: 'add' | 'edit'): Resolver<ProductFormValues, unknown, ProductFormInput> {
  // The shared schema takes text (it coerces), so the form's text values are its input.
  return zodResolver(mode === 'add' ? productCreateSchema : productFormSchema) as Resolver<
    ProductFormValues,
    unknown,
    ProductFormInput
  >;
}

/**
 * Spec §5 product add and edit form: the shared schema's rules and messages (the server applies
 * the same), division, manufacturer and salt composition dropdowns that can create a new entry,
 * quantity default 1, prescription and active checkboxes and several images. A failed submit
 * toasts 'Form validation failed'; success toasts the server's message and returns to the list.
 */
export function ProductForm({ mode, product }: { mode: 'add' | 'edit'; product?: Product }) {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
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
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductFormInput>({
    resolver: resolverFor(mode),
    defaultValues: productFormDefaults(product),
  });

  const onValid = async (values: ProductFormInput) => {
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
        <FormField
          label="Quantity"
          error={errors.quantity?.message}
          hint={mode === 'add' ? 'Units in stock, at least 1' : 'Units in stock; 0 is out of stock'}
        >
          {(field) => (
            <NumberInput {...field} {...register('quantity')} min={mode === 'add' ? 1 : 0} />
          )}
        </FormField>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:gap-8">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              {...register('prescription')}
              className="size-5 rounded border-slate-400 accent-brand-700"
            />
            Prescription required
          </label>
          <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              {...register('isActive')}
              className="size-5 rounded border-slate-400 accent-brand-700"
            />
            Active (shown in the shop)
          </label>
        </div>
      </fieldset>

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
