import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type LoginInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/login (spec §7). Here a 4xx means wrong credentials or too many attempts, not an
 * expired session, so the form shows the server's sentence itself.
 */
export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post('/auth/login', input, { schema: authResponseSchema, handleUnauthorized: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { suppressErrorToast: true } });
}
