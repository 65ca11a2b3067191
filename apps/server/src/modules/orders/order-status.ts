import {
  POLICY,
  customerCancelCheck,
  displayedStatus,
  fromMinorUnits,
  type AfterSalesPolicy,
  type Order,
} from '@pharmacy/shared';
import type { OrderSnapshot } from './order-events';

/**
 * An order row as the API answers it. `canCancel` follows the configured window (the FAQ's 24
 * hours unless the caller passes the shop's own).
 */
export function toOrder(
  row: OrderSnapshot & {
    deliveredAt: Date | null;
    itemCount: number;
    firstItemImage: string | null;
    patientId?: number | null;
  },
  cancelPolicy: Pick<AfterSalesPolicy, 'changeOrCancelHours'> = POLICY,
  now: Date = new Date(),
): Order {
  return {
    id: row.id,
    statusId: row.statusId,
    status: displayedStatus(row),
    addressId: row.addressId,
    userId: row.userId,
    totalOrderValue: fromMinorUnits(row.totalOrderValueMinor),
    createdAt: row.createdAt.toISOString(),
    expectedDeliveryDate: row.expectedDeliveryDate,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    orderedBy: { id: row.userId, name: row.orderedByName },
    itemCount: row.itemCount,
    firstItemImage: row.firstItemImage,
    hasPrescriptionItems: row.hasPrescriptionItems,
    shippingAddress: row.shippingAddress ?? null,
    paymentNote: row.paymentNote,
    subtotal: fromMinorUnits(
      row.totalOrderValueMinor + row.couponDiscountMinor + row.pointsDiscountMinor,
    ),
    couponCode: row.couponCode,
    couponDiscount: fromMinorUnits(row.couponDiscountMinor),
    pointsRedeemed: row.pointsRedeemed,
    pointsDiscount: fromMinorUnits(row.pointsDiscountMinor),
    canCancel: customerCancelCheck(row, now, cancelPolicy).allowed,
    patientId: row.patientId ?? null,
  };
}
