import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authResponseSchema,
  invitationPreviewSchema,
  messageResponseSchema,
  staffInvitationSchema,
  staffListResponseSchema,
  staffMemberSchema,
  type AcceptInvitationInput,
  type AuthResponse,
  type InvitationPreview,
  type StaffInvitation,
  type StaffInviteInput,
  type StaffListResponse,
  type StaffMember,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/query-keys';

/** Under the user's key: the staff list belongs to the owner's session and leaves with it. */
export const staffKeys = {
  all: [...userQueryKey, 'staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
};

/** GET /api/staff (staff.manage): the staff accounts and the open invitations. */
export function getStaff(signal?: AbortSignal): Promise<StaffListResponse> {
  return api.get('/staff', { schema: staffListResponseSchema, signal });
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.list(), queryFn: ({ signal }) => getStaff(signal) });

export function useStaff() {
  return useQuery(staffQueryOptions());
}

/** Every change re-reads the list; the dialogs show the server's sentence themselves. */
function useStaffMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { suppressErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** POST /api/staff/invitations: mails a single-use link. */
export const useInviteStaff = () =>
  useStaffMutation((input: StaffInviteInput): Promise<StaffInvitation> =>
    api.post('/staff/invitations', input, { schema: staffInvitationSchema }),
  );

/** DELETE /api/staff/invitations/{id}: the link stops working. */
export const useRevokeInvitation = () =>
  useStaffMutation((id: number): Promise<{ message: string }> =>
    api.delete(`/staff/invitations/${id}`, { schema: messageResponseSchema }),
  );

/** PUT /api/staff/{userId}/role: the person's sessions end at their next request. */
export const useChangeStaffRole = () =>
  useStaffMutation(({ userId, roleId }: { userId: number; roleId: number }): Promise<StaffMember> =>
    api.put(`/staff/${userId}/role`, { roleId }, { schema: staffMemberSchema }),
  );

/** POST /api/staff/{userId}/deactivate or /reactivate. */
export const useSetStaffActive = () =>
  useStaffMutation(
    ({ userId, active }: { userId: number; active: boolean }): Promise<StaffMember> =>
      api.post(`/staff/${userId}/${active ? 'reactivate' : 'deactivate'}`, undefined, {
        schema: staffMemberSchema,
      }),
  );

/** GET /api/staff/invitations/{token} (public): what the link is for, or why it no longer works. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return api.get(`/staff/invitations/${encodeURIComponent(token)}`, {
    schema: invitationPreviewSchema,
    signal,
    handleUnauthorized: false,
  });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/staff/invitations/accept: the password is set and a session answered. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: AcceptInvitationInput): Promise<AuthResponse> =>
      api.post('/staff/invitations/accept', input, {
        schema: authResponseSchema,
        handleUnauthorized: false,
      }),
    meta: { suppressErrorToast: true },
  });
}
