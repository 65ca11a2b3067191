import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { addressBookKey, aftersalesKeys, orderViewsKey } from './aftersales-keys';

/** PUT /api/order/{orderId}/address: another address of the owner's book, before packing. */
export function changeOrderAddress(orderId: number, addressId: number) {
  return api.put(
    `/order/${orderId}/address`,
    { addressId },
    { schema: () => import('../schemas').then((m) => m.orderUpdateResponseSchema) },
  );
}

export function useChangeOrderAddress(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => changeOrderAddress(orderId, addressId),
    meta: { suppressErrorToast: true },
    onSuccess: ({ message }) => notify.success(message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderViewsKey }),
        queryClient.invalidateQueries({ queryKey: aftersalesKeys.order(orderId) }),
      ]),
  });
}

/** The address book (the same query and key as the account pages use). */
export function useAddressBook(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: addressBookKey,
      queryFn: async ({ signal }): Promise<Address[]> =>
        (
          await api.get('/user/getAllAddress', {
            schema: () => import('../schemas').then((m) => m.addressListResponseSchema),
            signal,
          })
        ).addressList,
    }),
    enabled,
  });
}
