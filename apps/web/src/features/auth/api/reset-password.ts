import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ResetPasswordInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/reset-password: sets a new password with the mailed link's token. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post('/auth/reset-password', input, {
    schema: messageResponseSchema,
    handleUnauthorized: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { suppressErrorToast: true } });
}
