import type { ModuleContext } from '../module';
import type { StockAlerts } from '../stock-alerts/stock-alerts.service';
import { inventoryRoutes } from './inventory.routes';
import { createInventoryService } from './inventory.service';
import { startStockHorizon } from './stock-horizon';

/** Batches, FEFO, the stock ledger; a cancelled order's units go back to their batches. */
export async function registerInventory(
  ctx: ModuleContext,
  deps: { stockAlerts: Pick<StockAlerts, 'restocked'> },
) {
  const inventory = createInventoryService(ctx.db, {
    minShelfLifeDays: ctx.config.minShelfLifeDays,
    nearExpiryDays: ctx.config.nearExpiryDays,
    onStockChanged: ctx.catalogueChanged,
    onRestocked: deps.stockAlerts.restocked,
    now: ctx.now,
  });
  const stockHorizon = await startStockHorizon(inventory, ctx.log);
  ctx.onClose(async () => stockHorizon.stop());
  // Back to the batches the units came from; product rows are locked in id order, as placing an
  // order locks them (otherwise the two could deadlock: issue 7 crash burst).
  ctx.orderEvents.on('order.cancelled', async (tx, event) => {
    await inventory.returnOrderStock(tx, event.order.id, event.byUserId);
  });
  // Returned units: the resaleable ones back on the batch they were sold from, the others written
  // off, so a batch's stock stays the sum of its ledger (issue 19).
  ctx.orderEvents.on('order.returned', async (tx, event) => {
    await inventory.returnCustomerUnits(tx, {
      orderId: event.orderId,
      userId: event.byUserId,
      lines: event.lines,
    });
  });
  ctx.routes(inventoryRoutes, { inventory });
  return inventory;
}
