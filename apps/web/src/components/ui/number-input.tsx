import type { ChangeEvent, ComponentProps, KeyboardEvent } from 'react';
import { Input } from './form-field';

/**
 * Spec §5: a number input strips non-digit characters unless decimals are allowed (then one
 * decimal point stays).
 */
export function sanitizeNumberText(value: string, allowDecimals: boolean): string {
  if (!allowDecimals) return value.replace(/\D/g, '');
  const [whole = '', ...rest] = value.replace(/[^\d.]/g, '').split('.');
  return rest.length > 0 ? `${whole}.${rest.join('')}` : whole;
}

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
