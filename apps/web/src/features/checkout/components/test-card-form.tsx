import { Banknote, CreditCard, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PAYMENT_TEXT, type CreateIntentResponse } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useConfirmTestCard } from '../api/confirm-test-card';
import { useSavePaymentDetails } from '../api/save-payment-details';
import { CardErrorMessage } from './card-error';

/** '4242424242424242' → '4242 4242 4242 4242' while typing. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' → '12/30' while typing. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

type Field = 'cardNumber' | 'expiry' | 'cvc' | 'name';

/**
 * The field's text formatted, and written back into the field when formatting changed it: if the
 * formatted text equals the state (a refused character), nothing re-renders (preact/compat, see
 * vite.config.ts) to take the character out.
 */
function formatted(input: HTMLInputElement, format: (value: string) => string): string {
  const text = format(input.value);
  if (text !== input.value) input.value = text;
  return text;
}

const cvcOf = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** The same sentences as the provider's validation errors (packages/shared payment schema). */
const REQUIRED: Record<Field, string> = {
  cardNumber: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
  name: 'Please enter the name on the card.',
};

/**
 * The card form of the built-in test provider (DECISIONS): the same intent → confirm → save flow
 * as Stripe, offline. Spec §8: a card_error or validation_error keeps the form open with its
 * message; a success saves the payment, which moves the order on.
 */
export function TestCardForm({
  orderId,
  intent,
  amountLabel,
  onCashOnDelivery,
}: {
  orderId: number;
  intent: CreateIntentResponse;
  amountLabel: string;
  onCashOnDelivery: () => void;
}) {
  const confirm = useConfirmTestCard();
  const save = useSavePaymentDetails(orderId);
  const [values, setValues] = useState<Record<Field, string>>({
    cardNumber: '',
    expiry: '',
    cvc: '',
    name: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [cardError, setCardError] = useState<string | null>(null);
  const busy = confirm.isPending || save.isPending;

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing: Partial<Record<Field, string>> = {};
    for (const field of Object.keys(REQUIRED) as Field[]) {
      if (!values[field].trim()) missing[field] = REQUIRED[field];
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setCardError(null);
    try {
      const outcome = await confirm.mutateAsync({
        clientSecret: intent.clientSecret,
        cardNumber: values.cardNumber.replace(/\s/g, ''),
        expiry: values.expiry,
        cvc: values.cvc,
      });
      if (!outcome.ok) {
        setCardError(outcome.error.message);
        return;
      }
      await save.mutateAsync({
        paymentId: intent.intentId,
        paymentMethodId: outcome.paymentMethodId,
      });
    } catch (error) {
      setCardError(getErrorMessage(error));
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Card payment">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Card number" error={errors.cardNumber} className="sm:col-span-2">
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={values.cardNumber}
              disabled={busy}
              onChange={(event) => set('cardNumber', formatted(event.target, formatCardNumber))}
            />
          )}
        </FormField>
        <FormField label="Expiry (MM/YY)" error={errors.expiry}>
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={values.expiry}
              disabled={busy}
              onChange={(event) => set('expiry', formatted(event.target, formatExpiry))}
            />
          )}
        </FormField>
        <FormField label="CVC" error={errors.cvc}>
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={values.cvc}
              disabled={busy}
              onChange={(event) => set('cvc', formatted(event.target, cvcOf))}
            />
          )}
        </FormField>
        <FormField label="Name on card" error={errors.name} className="sm:col-span-2">
          {(field) => (
            <Input
              {...field}
              autoComplete="cc-name"
              value={values.name}
              disabled={busy}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </FormField>
        <div className="flex flex-col gap-1 sm:col-span-2">
          <span className="text-sm font-medium text-slate-800">Billing country</span>
          <span className="rounded-lg border border-slate-200 bg-slate-100 px-3 py-2 text-base text-slate-800">
            India
          </span>
        </div>
      </div>

      <p className="mt-4 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-slate-800">
        <strong>Test mode:</strong> no real money moves. Use <strong>4242 4242 4242 4242</strong>{' '}
        (succeeds) or <strong>4000 0000 0000 0002</strong> (declined) with any future expiry date
        and any CVC.
      </p>

      {cardError ? (
        <div className="mt-4">
          <CardErrorMessage message={cardError} />
        </div>
      ) : null}

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="accent"
          size="lg"
          isPending={busy}
          pendingText="Processing payment..."
          icon={<Lock aria-hidden="true" className="size-4" />}
        >
          {PAYMENT_TEXT.payNow}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          disabled={busy}
          onClick={onCashOnDelivery}
          icon={<Banknote aria-hidden="true" className="size-4" />}
        >
          {PAYMENT_TEXT.cashOnDelivery}
        </Button>
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
        <CreditCard aria-hidden="true" className="size-4" /> You will be charged {amountLabel}.
      </p>
    </form>
  );
}
