import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { GST_RATES } from '@pharmacy/shared';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import type { ProductFormValues } from '../utils/product-form';

/** Issue 18: what the GST tax invoice prints for the product (HSN code and the rate in its price). */
export function ProductTaxFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 text-base font-semibold text-slate-900">Tax</legend>
      <FormField
        label="HSN code"
        error={errors.hsnCode?.message}
        hint="4, 6 or 8 digits; 3004 for most medicines"
      >
        {(field) => (
          <Input
            {...field}
            {...register('hsnCode')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
          />
        )}
      </FormField>
      <FormField
        label="GST rate"
        error={errors.gstRate?.message}
        hint="Included in the MRP and offer price"
      >
        {(field) => (
          <Select {...field} {...register('gstRate')}>
            {GST_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate}%
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </fieldset>
  );
}
