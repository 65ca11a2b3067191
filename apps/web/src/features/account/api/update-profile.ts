import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  profileSchema,
  type Profile,
  type ProfileUpdateInput,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { profileQueryOptions } from '../../../lib/auth';
import { getSessionToken } from '../../../lib/auth-session';

const updateProfileResponseSchema = messageResponseSchema.extend({ user: profileSchema });

/** PUT /api/user/updateMyProfile (spec §7): name, email, phoneNumber. */
export function updateProfile(
  input: ProfileUpdateInput,
): Promise<{ message: string; user: Profile }> {
  return api.put('/user/updateMyProfile', input, { schema: updateProfileResponseSchema });
}

/** The answer carries the saved profile, so the header and the details show it at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQueryOptions(getSessionToken()).queryKey, user);
    },
  });
}
