import {
  DAMAGE_REASONS,
  RETURN_REASONS,
  fromMinorUnits,
  lineRefundMinor,
  type ReturnKind,
  type ReturnRequest,
  type ReturnStatus,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import type { ReturnRequestRow } from '../../db/schema/index';
import * as repository from './returns.repository';

type Details = Awaited<ReturnType<typeof repository.detailsOf>>;
type DetailLine = Details['lines'][number];

export function reasonLabel(kind: string, code: string): string {
  const list: ReadonlyArray<{ code: string; label: string }> =
    kind === 'damage' ? DAMAGE_REASONS : RETURN_REASONS;
  return list.find((reason) => reason.code === code)?.label ?? code;
}

/** What the units of a request line give back, after the units of earlier requests of the line. */
export const lineDueMinor = (line: DetailLine) =>
  lineRefundMinor(line, line.units, line.priorUnits);

/** The request as the order page and the queue show it. */
export function toReturnRequest(row: ReturnRequestRow, details: Details): ReturnRequest {
  const lines = details.lines.filter((line) => line.returnRequestId === row.id);
  const refunded = details.refunds
    .filter((refund) => refund.returnRequestId === row.id && refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind as ReturnKind,
    status: row.status as ReturnStatus,
    reasonCode: row.reasonCode,
    reasonLabel: reasonLabel(row.kind, row.reasonCode),
    reasonText: row.reasonText,
    rejectionReason: row.rejectionReason,
    resolution: row.resolution as ReturnRequest['resolution'],
    refunded: fromMinorUnits(refunded),
    refundDue: fromMinorUnits(lines.reduce((sum, line) => sum + lineDueMinor(line), 0)),
    createdAt: row.createdAt.toISOString(),
    lines: lines.map((line) => ({
      orderLineId: line.orderLineId,
      productName: line.productName,
      units: line.units,
      resaleableUnits: line.resaleableUnits,
      refundDue: fromMinorUnits(lineDueMinor(line)),
    })),
    photos: details.photos
      .filter((photo) => photo.returnRequestId === row.id)
      .map((photo) => ({
        id: photo.id,
        originalName: photo.originalName,
        url: `/api/returns/${row.id}/photos/${photo.id}`,
      })),
    events: details.events
      .filter((event) => event.returnRequestId === row.id)
      .map((event) => ({
        fromStatus: (event.fromStatus as ReturnStatus | null) ?? null,
        toStatus: event.toStatus as ReturnStatus,
        note: event.note,
        createdAt: event.createdAt.toISOString(),
      })),
  };
}

export async function viewRequests(db: DbOrTx, rows: ReturnRequestRow[]) {
  const details = await repository.detailsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toReturnRequest(row, details));
}
