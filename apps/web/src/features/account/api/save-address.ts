import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveAddressResponseSchema, type AddressInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { addressKeys } from './address-keys';

/** POST /api/user/saveAddress (spec §7): 201 with the new addressId; the first one is primary. */
export function saveAddress(input: AddressInput): Promise<{ addressId: number; message: string }> {
  return api.post('/user/saveAddress', input, { schema: saveAddressResponseSchema });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
