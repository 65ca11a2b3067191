import { useQuery } from '@tanstack/react-query';
import type { Address } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { addressListKey } from '../../../lib/query-keys';

/** GET /api/user/getAllAddress: the address book, under the key the account pages keep it. */
function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  return api
    .get('/user/getAllAddress', {
      schema: () => import('../schemas').then((m) => m.addressListResponseSchema),
      signal,
    })
    .then(({ addressList }) => addressList);
}

/** A signed-in member's default address's pincode (the primary one), or null. */
export function useDefaultPincode(): string | null {
  const { status } = useAuth();
  const { data } = useQuery({
    queryKey: addressListKey,
    queryFn: ({ signal }) => getAddresses(signal),
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
  if (status !== 'authenticated' || !data) return null;
  return (data.find((address) => address.isPrimary) ?? data[0])?.pinCode ?? null;
}
