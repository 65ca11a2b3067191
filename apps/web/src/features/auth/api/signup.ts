import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type SignupInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/signup (spec §7): 201 with the session, 409 when the e-mail is taken. */
export function signup(input: SignupInput): Promise<AuthResponse> {
  return api.post('/auth/signup', input, { schema: authResponseSchema, handleUnauthorized: false });
}

export function useSignup() {
  return useMutation({ mutationFn: signup, meta: { suppressErrorToast: true } });
}
