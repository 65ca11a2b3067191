import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnKind, ReturnRequest } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { returnKeys } from './return-keys';

export interface NewReturnRequest {
  orderId: number;
  kind: ReturnKind;
  reasonCode: string;
  reasonText: string;
  lines: Array<{ orderLineId: number; units: number }>;
  photos: File[];
}

/** POST /api/order/{orderId}/returns: multipart, the lines as JSON text, photos repeated. */
export function createReturn(input: NewReturnRequest): Promise<{
  message: string;
  request: ReturnRequest;
}> {
  const body = new FormData();
  body.append('kind', input.kind);
  body.append('reasonCode', input.reasonCode);
  if (input.reasonText.trim()) body.append('reasonText', input.reasonText.trim());
  body.append('lines', JSON.stringify(input.lines));
  for (const photo of input.photos) body.append('photo', photo, photo.name);
  return api.post(`/order/${input.orderId}/returns`, body);
}

export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: returnKeys.order(input.orderId) }),
  });
}
