import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import {
  PAYMENT_TEXT,
  testCardFormSchema,
  type CardIntentResponse,
  type TestCardFormOutput,
  type TestCardFormValues,
} from '@pharmacy/shared';
import { CashOnDeliveryButton } from './cash-on-delivery-button';
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

/** The field's text formatted, written back into the field when formatting changed it. */
function formatted(input: HTMLInputElement, format: (value: string) => string): string {
  const text = format(input.value);
  if (text !== input.value) input.value = text;
  return text;
}

const cvcOf = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** The field formats what is typed before react-hook-form reads it. */
function formatting(
  registration: UseFormRegisterReturn,
  format: (value: string) => string,
): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: { target: unknown; type?: unknown }) => {
      if (event.target instanceof HTMLInputElement) formatted(event.target, format);
      return registration.onChange(event);
    },
  };
}

const resolver = zodResolver(testCardFormSchema);

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
  intent: CardIntentResponse;
  amountLabel: string;
  /** Null when cash on delivery is not offered for this order (its maximum). */
  onCashOnDelivery: (() => void) | null;
}) {
  const confirm = useConfirmTestCard();
  const save = useSavePaymentDetails(orderId);
  const [cardError, setCardError] = useState<string | null>(null);
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  const busy = confirm.isPending || save.isPending;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TestCardFormValues, unknown, TestCardFormOutput>({
    resolver,
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });

  const onSubmit = handleSubmit(async ({ cardNumber, expiry, cvc }) => {
    if (busy || inFlight.current) return;
    inFlight.current = true;
    setCardError(null);
    try {
      const outcome = await confirm.mutateAsync({
        clientSecret: intent.clientSecret,
        cardNumber,
        expiry,
        cvc,
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
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Card payment">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Card number" error={errors.cardNumber?.message} className="sm:col-span-2">
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              disabled={busy}
              {...formatting(register('cardNumber'), formatCardNumber)}
            />
          )}
        </FormField>
        <FormField label="Expiry (MM/YY)" error={errors.expiry?.message}>
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              disabled={busy}
              {...formatting(register('expiry'), formatExpiry)}
            />
          )}
        </FormField>
        <FormField label="CVC" error={errors.cvc?.message}>
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              disabled={busy}
              {...formatting(register('cvc'), cvcOf)}
            />
          )}
        </FormField>
        <FormField label="Name on card" error={errors.name?.message} className="sm:col-span-2">
          {(field) => (
            <Input {...field} autoComplete="cc-name" disabled={busy} {...register('name')} />
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
        <CashOnDeliveryButton onChoose={onCashOnDelivery} disabled={busy} />
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
        <CreditCard aria-hidden="true" className="size-4" /> You will be charged {amountLabel}.
      </p>
    </form>
  );
}
