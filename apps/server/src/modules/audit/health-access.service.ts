import {
  HEALTH_ACCESS_PAGE_SIZE,
  defaultPagination,
  healthAccessDetailsSchema,
  type HealthAccessKind,
  type HealthAccessListResponse,
  type HealthAccessQuery,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { recordAudit } from './audit.service';
import * as repository from './audit.repository';

/**
 * Issue 32 point 4: who opened whose health data. The services that hand out a prescription
 * file, an order's prescriptions or saved prescriptions, or the patient on an order call this
 * before answering; the customer opening their own is not recorded.
 */
export interface HealthAccess {
  /** Who opened it (the signed-in person). */
  viewerUserId: number;
  /** Whose data it is: the order's customer. */
  customerId: number;
  opened: HealthAccessKind;
  orderId?: number | null;
  fileId?: number | null;
  patientId?: number | null;
  /** METHOD /api/path with its parameters named, e.g. 'GET /api/prescription-file/:fileId'. */
  route: string;
}

/**
 * Appends a 'health.accessed' entry to the audit chain, in its own transaction (a read has no
 * other), unless the viewer is the customer. The answer waits for it: no entry, no data.
 */
export async function recordHealthAccess(db: Database, access: HealthAccess): Promise<void> {
  if (access.viewerUserId === access.customerId) return;
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorUserId: access.viewerUserId,
      action: 'health.accessed',
      entityType: 'customer',
      entityId: access.customerId,
      details: {
        opened: access.opened,
        orderId: access.orderId ?? null,
        fileId: access.fileId ?? null,
        patientId: access.patientId ?? null,
        route: access.route,
      },
    });
  });
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** A page of the log for the owner, newest first, by person and by customer. */
export async function listHealthAccess(
  db: DbOrTx,
  query: HealthAccessQuery,
): Promise<HealthAccessListResponse> {
  const pageSize = HEALTH_ACCESS_PAGE_SIZE;
  const { rows, rowCount } = await repository.listHealthAccess(db, query, query.page, pageSize);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      occurredAt: row.occurredAt.toISOString(),
      actor:
        row.actorUserId === null
          ? null
          : {
              id: row.actorUserId,
              name: row.actorName,
              email: row.actorEmail,
              roleId: row.actorRoleId,
            },
      customer: {
        id: numberOrNull(row.customerId) ?? 0,
        name: row.customerName,
        email: row.customerEmail,
      },
      details: healthAccessDetailsSchema.parse(row.details),
    })),
    pagination: {
      ...defaultPagination,
      page: query.page,
      pageSize,
      rowCount,
      pageCount: Math.ceil(rowCount / pageSize),
    },
  };
}
