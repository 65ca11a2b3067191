import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveAddressResponseSchema, type AddressInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { addressKeys } from './address-keys';

/** PATCH /api/user/updateAddress/{addressId} (spec §7); isPrimary true moves the primary here. */
export function updateAddress({
  addressId,
  input,
}: {
  addressId: number;
  input: AddressInput;
}): Promise<{ addressId: number; message: string }> {
  return api.patch(`/user/updateAddress/${addressId}`, input, {
    schema: saveAddressResponseSchema,
  });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    // Choosing a new primary changes the other addresses too, so every address query refreshes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
