import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressListResponseSchema, type Address } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { addressKeys } from './address-keys';

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
    queryKey: addressKeys.list(),
    queryFn: ({ signal }) => getAddresses(signal),
  });

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
