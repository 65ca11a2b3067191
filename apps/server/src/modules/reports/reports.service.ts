import {
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  fromMinorUnits,
  isOrderStatusId,
  lineTotalMinor,
  type OrdersExportQuery,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { spreadsheetCell } from '../../lib/csv';
import * as repository from './reports.repository';

/** Orders read per query while streaming the export: memory stays flat whatever the range. */
const ORDERS_PER_PAGE = 500;

/** The columns of the orders CSV, one row per order line (issue 18 point 5). */
export const ORDERS_CSV_COLUMNS = [
  'Order',
  'Order date',
  'Status',
  'Customer',
  'Customer e-mail',
  'Payment',
  'Shipping city',
  'Shipping state',
  'Shipping pincode',
  'Product ID',
  'Product',
  'Units',
  'Unit price',
  'Line total',
  'Order total',
  'Cancelled',
] as const;

/** '1234.50': rupees with two decimals from integer paise, no symbol or grouping (a number). */
const rupees = (paise: number) => fromMinorUnits(paise).toFixed(2);

function toCsvRow(row: repository.OrderExportRow): (string | number)[] {
  const hasLine = row.units !== null && row.unitPriceMinor !== null;
  return [
    row.orderId,
    row.orderedAt,
    isOrderStatusId(row.statusId) ? ORDER_STATUS_NAMES[row.statusId] : String(row.statusId),
    spreadsheetCell(row.customerName),
    spreadsheetCell(row.customerEmail),
    spreadsheetCell(row.paymentNote),
    spreadsheetCell(row.city),
    spreadsheetCell(row.state),
    spreadsheetCell(row.pinCode),
    row.productId ?? '',
    spreadsheetCell(row.productName),
    row.units ?? '',
    hasLine ? rupees(row.unitPriceMinor ?? 0) : '',
    hasLine ? rupees(lineTotalMinor(row.unitPriceMinor ?? 0, row.units ?? 0)) : '',
    rupees(row.totalOrderValueMinor),
    row.statusId === ORDER_STATUS.CANCELLED ? 'yes' : 'no',
  ];
}

export function createReportsService(db: Database, options: { pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? ORDERS_PER_PAGE;

  return {
    /**
     * Every line of the orders placed on the period's UTC days (both included), oldest order
     * first, as CSV rows read a page of orders at a time. The first page is read before this
     * resolves, so a failing query is still answered as an error rather than a cut-off file.
     */
    async ordersCsvRows(query: OrdersExportQuery): Promise<AsyncIterable<(string | number)[]>> {
      const range = { from: query.from, to: query.to };
      const first = await repository.orderExportPage(db, range, undefined, pageSize);

      async function* rows() {
        let page = first;
        for (;;) {
          for (const row of page) yield toCsvRow(row);
          const last = page.at(-1);
          const orderCount = new Set(page.map((row) => row.orderId)).size;
          if (!last || orderCount < pageSize) return;
          page = await repository.orderExportPage(
            db,
            range,
            { createdAt: last.cursorAt, id: last.orderId },
            pageSize,
          );
        }
      }
      return rows();
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
