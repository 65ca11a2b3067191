import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ForgotPasswordInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/forgot-password (DECISIONS): mails a single-use link valid for one hour. The
 * answer is the same whether or not the address has an account.
 */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post('/auth/forgot-password', input, {
    schema: messageResponseSchema,
    handleUnauthorized: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { suppressErrorToast: true } });
}
