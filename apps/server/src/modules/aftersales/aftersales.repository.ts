import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  orderCancellations,
  orders,
  users,
  type ShippingAddressSnapshot,
} from '../../db/schema/index';

export async function insertCancellation(
  tx: DbOrTx,
  row: {
    orderId: number;
    cancelledByUserId: number | null;
    cancelledBy: 'customer' | 'admin';
    reasonCode: string;
    reasonText: string | null;
  },
) {
  await tx.insert(orderCancellations).values(row);
}

export async function findCancellation(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({
      cancelledBy: orderCancellations.cancelledBy,
      byName: users.name,
      reasonCode: orderCancellations.reasonCode,
      reasonText: orderCancellations.reasonText,
      createdAt: orderCancellations.createdAt,
    })
    .from(orderCancellations)
    .leftJoin(users, eq(users.id, orderCancellations.cancelledByUserId))
    .where(eq(orderCancellations.orderId, orderId))
    .limit(1);
  return row;
}

/** The delivery address and its snapshot, as the checkout's address step writes them. */
export async function setDeliveryAddress(
  tx: DbOrTx,
  orderId: number,
  addressId: number,
  shippingAddress: ShippingAddressSnapshot,
) {
  await tx.update(orders).set({ addressId, shippingAddress }).where(eq(orders.id, orderId));
}
