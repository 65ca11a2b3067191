import type { ChangeEvent, ComponentProps, KeyboardEvent } from 'react';
import { Input } from '../../../components/ui/form-field';
import { sanitizeNumberText } from '../utils/product-form';

/**
 * Spec §5 number input: strips non-digit characters unless decimals are allowed, and never takes
 * an exponent or a sign.
 */
export function NumberInput({
  allowDecimals = false,
  onChange,
  onKeyDown,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { allowDecimals?: boolean }) {
  const blocked = allowDecimals ? ['e', 'E', '+', '-'] : ['e', 'E', '+', '-', '.', ','];
  return (
    <Input
      type="number"
      inputMode={allowDecimals ? 'decimal' : 'numeric'}
      step={allowDecimals ? '0.01' : '1'}
      {...props}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (blocked.includes(event.key)) event.preventDefault();
        onKeyDown?.(event);
      }}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const clean = sanitizeNumberText(event.target.value, allowDecimals);
        if (clean !== event.target.value) event.target.value = clean;
        onChange?.(event);
      }}
    />
  );
}
