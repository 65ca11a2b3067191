import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressListResponseSchema, type Address } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/user/getAllAddress (spec §7): the saved addresses, primary first. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  const { addressList } = await api.get('/user/getAllAddress', {
    schema: addressListResponseSchema,
    signal,
  });
  return addressList;
}

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.addresses(),
    queryFn: ({ signal }) => getAddresses(signal),
    // The address pages change them and come back here: read them again.
    staleTime: 0,
  });

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQueryOptions(), enabled });
}
