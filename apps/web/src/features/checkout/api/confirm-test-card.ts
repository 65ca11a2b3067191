import { useMutation } from '@tanstack/react-query';
import {
  cardErrorResponseSchema,
  errorResponseSchema,
  MESSAGES,
  testCardConfirmResponseSchema,
} from '@pharmacy/shared';
import { ApiError, buildUrl, isAbortError } from '../../../lib/api-client';
import { clearSession, getSessionToken } from '../../../lib/auth-session';
import { notify } from '../../../lib/toast';

export interface TestCard {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export interface CardError {
  type: 'card_error' | 'validation_error';
  code: string;
  message: string;
}

export type CardOutcome =
  | { ok: true; paymentIntentId: string; paymentMethodId: string | null }
  | { ok: false; error: CardError };

/**
 * POST /api/payment/test/confirm: the built-in test provider (DECISIONS) confirms a card the way
 * Stripe would. A declined or invalid card answers 402 with Stripe's `{ error: { type, code,
 * message } }`, which apiRequest would flatten, so this call reads the answer itself. Spec §8 keeps
 * the card form open for card and validation errors: they come back as a result, not thrown.
 */
export async function confirmTestCard(card: TestCard): Promise<CardOutcome> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const token = getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl('/payment/test/confirm'), {
      method: 'POST',
      headers,
      body: JSON.stringify(card),
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, MESSAGES.somethingWentWrong);
  }
  const body: unknown = await response.json().catch(() => undefined);

  if (response.ok) {
    const parsed = testCardConfirmResponseSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(response.status, MESSAGES.somethingWentWrong);
    const { id, paymentMethodId } = parsed.data.paymentIntent;
    return { ok: true, paymentIntentId: id, paymentMethodId };
  }
  const cardError = cardErrorResponseSchema.safeParse(body);
  if (cardError.success) return { ok: false, error: cardError.data.error };
  if (response.status === 401) {
    clearSession();
    notify.error(MESSAGES.pleaseLogin);
    throw new ApiError(401, MESSAGES.pleaseLogin, { handled: true });
  }
  const message = errorResponseSchema.safeParse(body).data?.message ?? MESSAGES.somethingWentWrong;
  if (response.status === 400)
    return { ok: false, error: { type: 'validation_error', code: 'invalid_request', message } };
  throw new ApiError(response.status, message);
}

/** Errors are shown in the card form, so the shared error toast stays quiet. */
export function useConfirmTestCard() {
  return useMutation({ mutationFn: confirmTestCard, meta: { suppressErrorToast: true } });
}
