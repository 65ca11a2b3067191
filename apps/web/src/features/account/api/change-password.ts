import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePasswordResponseSchema, type ChangePasswordInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { renewSessionToken } from '../../../lib/auth';

/**
 * PATCH /api/user/changePassword (spec §7). The change signs out every other session; this one
 * carries on with the fresh token of the answer.
 */
export function changePassword(
  input: ChangePasswordInput,
): Promise<{ message: string; token: string }> {
  return api.patch('/user/changePassword', input, { schema: changePasswordResponseSchema });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => renewSessionToken(queryClient, token),
  });
}
