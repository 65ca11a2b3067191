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

/** The stored coupon as the form and the API write it (deactivate sends it back unchanged but one flag). */
export function couponInputOf(coupon: Coupon): CouponInput {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
    maxDiscount: coupon.maxDiscount,
    minOrderValue: coupon.minOrderValue,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    usageLimit: coupon.usageLimit,
    perCustomerLimit: coupon.perCustomerLimit,
    divisionIds: coupon.divisionIds,
    productIds: coupon.productIds,
    excludePrescription: coupon.excludePrescription,
    isActive: coupon.isActive,
  };
}
