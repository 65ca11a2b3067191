import { useMutation, useQueryClient } from '@tanstack/react-query';
import { couponSchema, type Coupon, type CouponInput } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** POST /api/coupons, or PUT /api/coupons/{id} when editing (admin). */
export function saveCoupon(input: CouponInput, id?: number): Promise<Coupon> {
  return id === undefined
    ? api.post('/coupons', input, { schema: couponSchema })
    : api.put(`/coupons/${id}`, input, { schema: couponSchema });
}

export function useSaveCoupon(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CouponInput) => saveCoupon(input, id),
    // The form shows the server's sentence itself.
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

// The stored coupon as the form and the API write it (deactivate sends it back but one flag).
export { couponInputOf } from '@pharmacy/shared';
