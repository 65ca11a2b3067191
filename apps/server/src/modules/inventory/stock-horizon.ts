import type { FastifyBaseLogger } from 'fastify';
import type { InventoryService } from './inventory.service';

/** How often each instance looks whether the day (and with it the sellable cut-off) has turned. */
const CHECK_EVERY_MS = 60_000;

/**
 * Keeps products.quantity true as days pass with no one acting: a batch that reaches its minimum
 * shelf life stops counting as sellable within a minute of midnight (UTC). Orders never depend on
 * it: placing one takes only from batches sellable at that moment. Every instance runs the check;
 * the move itself is idempotent and runs under an advisory lock (inventory.repository).
 */
export async function startStockHorizon(inventory: InventoryService, log: FastifyBaseLogger) {
  const check = async () => {
    try {
      if (await inventory.refreshSellableStock())
        log.info({ sellableFrom: inventory.sellableFrom() }, 'sellable stock moved to a new day');
    } catch (error) {
      log.error({ err: error }, 'could not move the sellable stock to a new day; retrying');
    }
  };
  await check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
