import {
  ORDER_STATUS_NAMES,
  STOCK_MESSAGES,
  batchState,
  daysBetween,
  defaultPagination,
  fromMinorUnits,
  sellableCutoff,
  utcDay,
  type AdjustmentReason,
  type Batch,
  type LedgerQuery,
  type LedgerResponse,
  type LowStockQuery,
  type LowStockResponse,
  type NearExpiryQuery,
  type NearExpiryResponse,
  type OrderStatusId,
  type ProductStockResponse,
  type RecallOrder,
  type RecallOrdersResponse,
  type StockMovementKind,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import * as repository from './inventory.repository';
import type { BatchRow } from './inventory.repository';
import * as reportsRepository from './stock-reports.repository';

export interface StockReportOptions {
  minShelfLifeDays: number;
  nearExpiryDays: number;
  now?: () => Date;
}

/** What the stock screens read: a product's batches, its ledger, recall lists, low stock, near expiry. */
export function createStockReports(db: Database, options: StockReportOptions) {
  const today = () => utcDay(options.now?.() ?? new Date());

  function toBatch(row: BatchRow, day = today()): Batch {
    return {
      id: row.id,
      productId: row.productId,
      batchNumber: row.batchNumber,
      expiryDate: row.expiryDate,
      daysToExpiry: daysBetween(day, row.expiryDate),
      onHand: row.onHand,
      receivedUnits: row.receivedUnits,
      receivedAt: row.receivedAt.toISOString(),
      purchasePrice:
        row.purchasePriceMinor === null ? null : fromMinorUnits(row.purchasePriceMinor),
      supplier: row.supplier,
      invoiceReference: row.invoiceReference,
      state: batchState(
        { expiryDate: row.expiryDate, onHand: row.onHand, recalled: row.recalledAt !== null },
        day,
        options.minShelfLifeDays,
      ),
      recalledAt: row.recalledAt?.toISOString() ?? null,
      recallReason: row.recallReason,
    };
  }

  async function recallOrders(batchId: number): Promise<RecallOrder[]> {
    const rows = await reportsRepository.ordersWithBatch(db, batchId);
    return rows.map((row) => ({
      orderId: row.orderId,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      customerPhone: row.customerPhone,
      units: Number(row.units),
      statusId: row.statusId,
      status: ORDER_STATUS_NAMES[row.statusId as OrderStatusId] ?? 'Unknown',
      orderedAt: row.orderedAt.toISOString(),
    }));
  }
  return {
    toBatch,
    recallOrders,
    async productBatches(productId: number): Promise<ProductStockResponse> {
      const [product, rows] = await Promise.all([
        repository.findProductStock(db, productId),
        repository.listBatches(db, productId),
      ]);
      if (!product) throw new NotFoundError(STOCK_MESSAGES.productNotFound);
      const day = today();
      return {
        product,
        batches: rows.map((row) => toBatch(row, day)),
        minShelfLifeDays: options.minShelfLifeDays,
        sellableFrom: sellableCutoff(day, options.minShelfLifeDays),
      };
    },

    async batchOrders(batchId: number): Promise<RecallOrdersResponse> {
      const batch = await repository.findBatch(db, batchId);
      if (!batch) throw new NotFoundError(STOCK_MESSAGES.batchNotFound);
      const product = await repository.findProductStock(db, batch.productId);
      return {
        batch: toBatch(batch),
        productName: product?.name ?? '',
        orders: await recallOrders(batchId),
      };
    },

    async ledger(productId: number, query: LedgerQuery): Promise<LedgerResponse> {
      if (!(await repository.findProductStock(db, productId)))
        throw new NotFoundError(STOCK_MESSAGES.productNotFound);
      const { rows, rowCount } = await reportsRepository.listMovements(
        db,
        productId,
        query.page,
        query.pageSize,
      );
      return {
        movements: rows.map((row) => ({
          ...row,
          kind: row.kind as StockMovementKind,
          reason: row.reason as AdjustmentReason | null,
          createdAt: row.createdAt.toISOString(),
        })),
        pagination: {
          ...defaultPagination,
          page: query.page,
          pageSize: query.pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / query.pageSize),
        },
      };
    },

    async lowStock(query: LowStockQuery): Promise<LowStockResponse> {
      const { rows, rowCount } = await reportsRepository.listLowStock(
        db,
        { by: query.sort, direction: query.direction },
        query.page,
        query.pageSize,
      );
      return {
        items: rows,
        pagination: {
          ...defaultPagination,
          page: query.page,
          pageSize: query.pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / query.pageSize),
        },
      };
    },

    async nearExpiry(query: NearExpiryQuery): Promise<NearExpiryResponse> {
      const days = query.days ?? options.nearExpiryDays;
      const day = today();
      const before = sellableCutoff(day, days + 1);
      const { rows, rowCount } = await reportsRepository.listNearExpiry(
        db,
        before,
        { by: query.sort, direction: query.direction },
        query.page,
        query.pageSize,
      );
      return {
        days,
        items: rows.map((row) => ({
          ...row,
          daysToExpiry: daysBetween(day, row.expiryDate),
          state: batchState(
            { expiryDate: row.expiryDate, onHand: row.onHand, recalled: false },
            day,
            options.minShelfLifeDays,
          ),
        })),
        pagination: {
          ...defaultPagination,
          page: query.page,
          pageSize: query.pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / query.pageSize),
        },
      };
    },
  };
}
