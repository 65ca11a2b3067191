import {
  STOCK_MESSAGES,
  canWriteOff,
  sellableCutoff,
  toMinorUnits,
  utcDay,
  type AdjustmentReason,
  type BatchWriteResponse,
  type GoodsReceiptInput,
  type RecallResponse,
  type StockAdjustmentInput,
  type StockMovementKind,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './inventory.repository';
import { returnCustomerUnits, type ReturnedLine } from './return-stock';
import { createStockReports } from './stock-reports.service';

export interface InventoryOptions {
  /** MIN_SHELF_LIFE_DAYS: a batch sells only while this many days or more remain. */
  minShelfLifeDays: number;
  /** NEAR_EXPIRY_DAYS: the near-expiry list's window when none is asked for. */
  nearExpiryDays: number;
  /** Stock changed: cached product answers and listings, here and on other instances, are stale. */
  onStockChanged: () => void;
  /**
   * Products that just came back in stock, told in the transaction that restocked them (the
   * back-in-stock mails are queued in it).
   */
  onRestocked?: (tx: DbOrTx, productIds: number[]) => Promise<void>;
  /** The clock, for tests that move the day. */
  now?: () => Date;
}

/** The batch fields of a receipt (a goods receipt, or a new product's opening stock). */
export type ReceiptDetails = Omit<GoodsReceiptInput, 'productId' | 'units'>;

export function createInventoryService(db: Database, options: InventoryOptions) {
  const today = () => utcDay(options.now?.() ?? new Date());
  /** The earliest expiry date that may be sold today. */
  const sellableFrom = () => sellableCutoff(today(), options.minShelfLifeDays);
  const reports = createStockReports(db, options);
  const { toBatch, recallOrders } = reports;

  async function recomputeQuantity(tx: DbOrTx, productIds: number[]) {
    const restocked = await repository.recomputeQuantity(tx, productIds, sellableFrom());
    if (restocked.length > 0) await options.onRestocked?.(tx, restocked);
  }

  async function productStock(tx: DbOrTx, productId: number) {
    const product = await repository.findProductStock(tx, productId);
    if (!product) throw new NotFoundError(STOCK_MESSAGES.productNotFound);
    return product;
  }

  /**
   * Runs a change of one batch: the product is locked, the batch read again under the lock, the
   * change and its ledger row written and the product's sellable quantity recomputed, all in one
   * transaction.
   */
  async function changeBatch(
    batchId: number,
    message: string,
    change: (tx: DbOrTx, batch: repository.BatchRow) => Promise<void>,
  ): Promise<BatchWriteResponse> {
    const result = await db.transaction(async (tx) => {
      const found = await repository.findBatch(tx, batchId);
      if (!found) throw new NotFoundError(STOCK_MESSAGES.batchNotFound);
      await repository.lockProducts(tx, [found.productId]);
      const batch = await repository.findBatch(tx, batchId);
      if (!batch) throw new NotFoundError(STOCK_MESSAGES.batchNotFound);
      await change(tx, batch);
      await recomputeQuantity(tx, [batch.productId]);
      const updated = await repository.findBatch(tx, batchId);
      return {
        message,
        batch: toBatch(updated ?? batch),
        product: await productStock(tx, batch.productId),
      };
    });
    options.onStockChanged();
    return result;
  }

  /** Units of one batch arrive, in the caller's transaction (the product is locked here). */
  async function receiveInTx(
    tx: DbOrTx,
    productId: number,
    units: number,
    details: ReceiptDetails,
    userId: number | null,
    requestKey: string | null = null,
  ): Promise<{ batchId: number; created: boolean }> {
    if ((await repository.lockProducts(tx, [productId])).length === 0)
      throw new BadRequestError(`productId: ${STOCK_MESSAGES.productNotFound}`);
    // Read under the product's lock: a resent request waits for the first and finds its row.
    if (requestKey !== null && userId !== null) {
      const done = await repository.findRequest(tx, userId, requestKey);
      if (done) return { batchId: done.batchId, created: false };
    }
    const purchasePriceMinor =
      details.purchasePrice === null ? null : toMinorUnits(details.purchasePrice);
    const existing = await repository.findBatchByNumber(tx, productId, details.batchNumber);
    let batchId: number;
    if (existing) {
      if (existing.recalledAt !== null)
        throw new ConflictError(
          `batchNumber: Batch ${existing.batchNumber} of this product was recalled; its units cannot be received.`,
        );
      if (existing.expiryDate !== details.expiryDate)
        throw new BadRequestError(
          `expiryDate: Batch ${existing.batchNumber} of this product is recorded with expiry date ${existing.expiryDate}.`,
        );
      await repository.addReceipt(tx, existing.id, units, {
        purchasePriceMinor,
        supplier: details.supplier,
        invoiceReference: details.invoiceReference,
      });
      batchId = existing.id;
    } else {
      batchId = await repository.insertBatch(tx, {
        productId,
        batchNumber: details.batchNumber,
        expiryDate: details.expiryDate,
        units,
        purchasePriceMinor,
        supplier: details.supplier,
        invoiceReference: details.invoiceReference,
      });
    }
    const from = [
      details.invoiceReference && `Invoice ${details.invoiceReference}`,
      details.supplier && `from ${details.supplier}`,
    ]
      .filter(Boolean)
      .join(' ');
    await repository.insertMovements(tx, [
      { productId, batchId, kind: 'receipt', units, note: from || null, userId, requestKey },
    ]);
    await recomputeQuantity(tx, [productId]);
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'stock.received',
      entityType: 'stock_batch',
      entityId: batchId,
      details: {
        productId,
        batchNumber: existing?.batchNumber ?? details.batchNumber,
        expiryDate: details.expiryDate,
        units,
        newBatch: !existing,
        supplier: details.supplier,
        invoiceReference: details.invoiceReference,
        purchasePriceMinor,
      },
    });
    return { batchId, created: true };
  }

  return {
    ...reports,
    sellableFrom,
    minShelfLifeDays: options.minShelfLifeDays,

    receiveInTx,

    /** Units a customer sent back (issue 19 returns): see return-stock.ts. */
    returnCustomerUnits: (
      tx: DbOrTx,
      input: { orderId: number; userId: number | null; lines: ReturnedLine[] },
    ) => returnCustomerUnits(tx, input, recomputeQuantity),

    /**
     * A goods receipt. With an Idempotency-Key, a resent request (double click, retry after a
     * timeout) answers the first one's batch and receives nothing more (`created` false).
     */
    async receive(
      input: GoodsReceiptInput,
      userId: number,
      requestKey: string | null = null,
    ): Promise<BatchWriteResponse & { created: boolean }> {
      const { productId, units, ...details } = input;
      const result = await db.transaction(async (tx) => {
        const { batchId, created } = await receiveInTx(
          tx,
          productId,
          units,
          details,
          userId,
          requestKey,
        );
        const batch = await repository.findBatch(tx, batchId);
        if (!batch) throw new Error('received batch vanished');
        return {
          created,
          message: STOCK_MESSAGES.received,
          batch: toBatch(batch),
          product: await productStock(tx, batch.productId),
        };
      });
      if (result.created) options.onStockChanged();
      return result;
    },

    /** With an Idempotency-Key, a resent adjustment is answered without counting it twice. */
    adjust(
      batchId: number,
      input: StockAdjustmentInput,
      userId: number,
      requestKey: string | null = null,
    ) {
      return changeBatch(batchId, STOCK_MESSAGES.adjusted, async (tx, batch) => {
        if (requestKey !== null && (await repository.findRequest(tx, userId, requestKey))) return;
        if (batch.onHand + input.units < 0)
          throw new BadRequestError(
            `units: Batch ${batch.batchNumber} holds ${batch.onHand} units; at most ${batch.onHand} can be taken off.`,
          );
        await repository.changeOnHand(tx, batch.id, input.units);
        await repository.insertMovements(tx, [
          {
            productId: batch.productId,
            batchId: batch.id,
            kind: 'adjustment',
            units: input.units,
            reason: input.reason as AdjustmentReason,
            note: input.note,
            userId,
            requestKey,
          },
        ]);
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'stock.adjusted',
          entityType: 'stock_batch',
          entityId: batch.id,
          details: {
            productId: batch.productId,
            batchNumber: batch.batchNumber,
            units: input.units,
            onHand: { from: batch.onHand, to: batch.onHand + input.units },
            reason: input.reason,
            note: input.note,
          },
        });
      });
    },

    /** Takes every unit of a batch that may no longer be sold (expired, short-dated, recalled). */
    writeOff(batchId: number, note: string | null, userId: number) {
      return changeBatch(batchId, STOCK_MESSAGES.writtenOff, async (tx, batch) => {
        const state = toBatch(batch).state;
        if (!canWriteOff(state))
          throw new ConflictError(
            `Batch ${batch.batchNumber} can still be sold; only expired, short-dated or recalled units are written off. Use an adjustment to change its count.`,
          );
        if (batch.onHand === 0)
          throw new ConflictError(`Batch ${batch.batchNumber} holds no units to write off.`);
        const kind: StockMovementKind = state === 'recalled' ? 'recall' : 'expiry_write_off';
        await repository.changeOnHand(tx, batch.id, -batch.onHand);
        await repository.insertMovements(tx, [
          {
            productId: batch.productId,
            batchId: batch.id,
            kind,
            units: -batch.onHand,
            note,
            userId,
          },
        ]);
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'stock.written_off',
          entityType: 'stock_batch',
          entityId: batch.id,
          details: {
            productId: batch.productId,
            batchNumber: batch.batchNumber,
            units: -batch.onHand,
            state,
            note,
          },
        });
      });
    },

    /**
     * Stops a batch being sold at once: its units on hand leave the sellable stock (a recall row
     * in the ledger), and the orders that received units of it are listed for the pharmacist.
     */
    async recall(batchId: number, reason: string, userId: number): Promise<RecallResponse> {
      const result = await changeBatch(batchId, STOCK_MESSAGES.recalled, async (tx, batch) => {
        if (batch.recalledAt !== null)
          throw new ConflictError(`Batch ${batch.batchNumber} is already recalled.`);
        await repository.markRecalled(tx, batch.id, reason);
        if (batch.onHand > 0)
          await repository.insertMovements(tx, [
            {
              productId: batch.productId,
              batchId: batch.id,
              kind: 'recall',
              units: -batch.onHand,
              note: reason,
              userId,
            },
          ]);
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'stock.recalled',
          entityType: 'stock_batch',
          entityId: batch.id,
          details: {
            productId: batch.productId,
            batchNumber: batch.batchNumber,
            expiryDate: batch.expiryDate,
            unitsOnHand: batch.onHand,
            reason,
          },
        });
      });
      return { ...result, orders: await recallOrders(batchId) };
    },

    async setReorderLevel(productId: number, reorderLevel: number) {
      const product = await db.transaction(async (tx) => {
        if ((await repository.lockProducts(tx, [productId])).length === 0)
          throw new NotFoundError(STOCK_MESSAGES.productNotFound);
        await repository.setReorderLevel(tx, productId, reorderLevel);
        return productStock(tx, productId);
      });
      return { message: STOCK_MESSAGES.reorderLevelSaved, product };
    },

    /**
     * A cancelled order's units go back to the batches they came from, in the caller's
     * transaction: products locked in id order, one ledger row per batch, sales counts lowered.
     */
    async returnOrderStock(tx: DbOrTx, orderId: number, userId: number | null) {
      const allocations = await repository.openAllocations(tx, orderId);
      const productIds = [...new Set(allocations.map((a) => a.productId))].sort((a, b) => a - b);
      await repository.lockProducts(tx, productIds);
      const perBatch = new Map<number, { productId: number; units: number }>();
      for (const allocation of allocations) {
        const entry = perBatch.get(allocation.batchId) ?? {
          productId: allocation.productId,
          units: 0,
        };
        entry.units += allocation.units;
        perBatch.set(allocation.batchId, entry);
      }
      for (const [batchId, entry] of perBatch)
        await repository.changeOnHand(tx, batchId, entry.units);
      await repository.insertMovements(
        tx,
        [...perBatch].map(([batchId, entry]) => ({
          productId: entry.productId,
          batchId,
          kind: 'cancellation_return' as const,
          units: entry.units,
          orderId,
          userId,
        })),
      );
      await repository.markAllocationsReturned(tx, orderId);
      await repository.releaseUnitsSold(tx, orderId);
      await recomputeQuantity(tx, productIds);
    },

    /**
     * Brings products.quantity up to today's cut-off when the day has turned (or the minimum
     * shelf life changed): batches that just became too short-dated stop being counted.
     */
    async refreshSellableStock(): Promise<boolean> {
      const target = sellableFrom();
      if ((await repository.readHorizon(db)) === target) return false;
      const moved = await db.transaction((tx) => repository.advanceHorizon(tx, target));
      if (moved) options.onStockChanged();
      return moved;
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
