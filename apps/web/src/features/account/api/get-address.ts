import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressResponseSchema, type Address } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { addressKeys } from './address-keys';

/** GET /api/user/getAddressById/{id} (spec §7); another user's address answers 404. */
export async function getAddress(id: number, signal?: AbortSignal): Promise<Address> {
  const { address } = await api.get(`/user/getAddressById/${id}`, {
    schema: addressResponseSchema,
    signal,
  });
  return address;
}

export const addressQueryOptions = (id: number) =>
  queryOptions({
    queryKey: addressKeys.detail(id),
    queryFn: ({ signal }) => getAddress(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useAddress(id: number) {
  return useQuery(addressQueryOptions(id));
}
