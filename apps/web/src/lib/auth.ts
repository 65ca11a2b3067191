import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { can, isStaffRole, type Permission, type Profile } from '@pharmacy/shared';
import { api, isAbortError } from './api-client';
import {
  clearSession,
  getSession,
  setSessionToken,
  setSessionUserId,
  useSession,
  type SessionOptions,
} from './auth-session';
import { queryKeyRoots, userQueryKey } from './query-keys';

/** Query keys that belong to the signed-in user start with 'user'; sign-out drops them. */
export { userQueryKey };

/** GET /api/user/myProfile (spec §7). */
export async function getMyProfile(signal?: AbortSignal): Promise<Profile> {
  try {
    return await api.get('/user/myProfile', {
      schema: () => import('./schemas').then((m) => m.profileSchema),
      signal,
    });
  } catch (error) {
    // Spec §4 / §8: a failed profile load makes the user unauthenticated.
    if (!isAbortError(error)) clearSession();
    throw error;
  }
}

export const profileQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...queryKeyRoots.profile, token],
    queryFn: ({ signal }) => getMyProfile(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });

export type AuthStatus = 'anonymous' | 'loading' | 'authenticated';

export interface Auth {
  status: AuthStatus;
  profile: Profile | null;
  /** Anyone who works in the shop (the owner and the staff roles). */
  isStaff: boolean;
  /** Whether the signed-in role has a permission (the shared table; the server checks it too). */
  can: (permission: Permission) => boolean;
  signOut: () => void;
}

/** The session (token) plus the profile behind it, for the header, menus and guards. */
export function useAuth(): Auth {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const { data: profile } = useQuery(profileQueryOptions(token));

  useEffect(() => {
    if (profile) setSessionUserId(profile.id);
  }, [profile]);

  const signOut = useCallback(() => {
    clearSession();
    queryClient.removeQueries({ queryKey: userQueryKey });
  }, [queryClient]);

  const current = token !== null && profile ? profile : null;
  const status: AuthStatus = token === null ? 'anonymous' : current ? 'authenticated' : 'loading';
  const roleId = current?.roleId;
  const allowed = useCallback((permission: Permission) => can(roleId, permission), [roleId]);
  return { status, profile: current, isStaff: isStaffRole(roleId), can: allowed, signOut };
}

/**
 * Spec §4: login or sign-up stores the token and loads the profile. Whatever a previous session
 * left in the cache goes first (a 401 clears the token but not the cache); the profile that came
 * with the token, when there is one, is the loaded profile.
 */
export function startSession(
  queryClient: QueryClient,
  token: string,
  profile?: Profile,
  options?: SessionOptions,
): void {
  queryClient.removeQueries({ queryKey: userQueryKey });
  if (profile) queryClient.setQueryData(profileQueryOptions(token).queryKey, profile);
  setSessionToken(token, options);
  if (profile) setSessionUserId(profile.id);
}

/**
 * A fresh token for the same user (the password change signs out every other session, not this
 * one): the profile and the user's other data carry over, so nothing reloads or flickers.
 */
export function renewSessionToken(queryClient: QueryClient, token: string): void {
  const { token: current, userId } = getSession();
  const profile = queryClient.getQueryData(profileQueryOptions(current).queryKey);
  if (profile) queryClient.setQueryData(profileQueryOptions(token).queryKey, profile);
  setSessionToken(token);
  const id = profile?.id ?? userId;
  if (id !== null) setSessionUserId(id);
}
