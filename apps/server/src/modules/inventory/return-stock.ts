import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLineBatches, stockBatches } from '../../db/schema/index';
import * as repository from './inventory.repository';

export interface ReturnedLine {
  orderLineId: number;
  /** Units received back from the customer. */
  units: number;
  /** Of those, units fit to sell again; the rest are written off. */
  resaleableUnits: number;
  /** Units of this line received by earlier requests: they already went back to its batches. */
  unitsAlreadyReceived: number;
}

/**
 * Units a customer sent back (issue 19), put on the batches they were sold from
 * (order_line_batches, in batch order, after the units earlier returns already took). Every unit
 * comes back onto the ledger as a `customer_return`; those not fit to sell are written off at once
 * with a `return_write_off`, so the batch's on_hand stays the sum of its rows and the write-off
 * shows in the ledger. products.quantity is recomputed from the sellable batches only, so a unit
 * returned to a recalled or short-dated batch is never offered for sale.
 */
export async function returnCustomerUnits(
  tx: DbOrTx,
  input: { orderId: number; userId: number | null; lines: ReturnedLine[] },
  recomputeQuantity: (tx: DbOrTx, productIds: number[]) => Promise<void>,
): Promise<void> {
  const allocations: Array<{
    orderLineId: number;
    batchId: number;
    productId: number;
    units: number;
  }> = [];
  for (const line of input.lines) {
    if (line.units <= 0) continue;
    const rows = await tx
      .select({
        batchId: orderLineBatches.batchId,
        units: orderLineBatches.units,
        productId: stockBatches.productId,
      })
      .from(orderLineBatches)
      .innerJoin(stockBatches, eq(stockBatches.id, orderLineBatches.batchId))
      .where(and(eq(orderLineBatches.orderLineId, line.orderLineId)))
      .orderBy(asc(orderLineBatches.batchId));
    let skip = line.unitsAlreadyReceived;
    let left = line.units;
    for (const row of rows) {
      const free = Math.max(0, row.units - skip);
      skip = Math.max(0, skip - row.units);
      const take = Math.min(free, left);
      if (take <= 0) continue;
      allocations.push({ orderLineId: line.orderLineId, ...row, units: take });
      left -= take;
      if (left === 0) break;
    }
  }
  if (allocations.length === 0) return;
  const productIds = [...new Set(allocations.map((a) => a.productId))].sort((a, b) => a - b);
  await repository.lockProducts(tx, productIds);

  const movements: repository.MovementValues[] = [];
  // Resaleable units fill the first allocations of the line, written-off units the rest.
  const resaleableLeft = new Map(input.lines.map((l) => [l.orderLineId, l.resaleableUnits]));
  for (const allocation of allocations) {
    const resaleable = Math.min(allocation.units, resaleableLeft.get(allocation.orderLineId) ?? 0);
    resaleableLeft.set(
      allocation.orderLineId,
      (resaleableLeft.get(allocation.orderLineId) ?? 0) - resaleable,
    );
    const writtenOff = allocation.units - resaleable;
    const common = {
      productId: allocation.productId,
      batchId: allocation.batchId,
      orderId: input.orderId,
      userId: input.userId,
    };
    movements.push({ ...common, kind: 'customer_return', units: allocation.units });
    if (writtenOff > 0)
      movements.push({
        ...common,
        kind: 'return_write_off',
        units: -writtenOff,
        note: 'Returned by the customer; not fit to sell again',
      });
    if (resaleable > 0) await repository.changeOnHand(tx, allocation.batchId, resaleable);
  }
  await repository.insertMovements(tx, movements);
  await recomputeQuantity(tx, productIds);
}
