import {
  defaultPagination,
  type DispensingApproval,
  type H1RegisterEntry,
  type H1RegisterQuery,
  type TransitionContext,
  can,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './compliance.repository';

export const NOT_A_PHARMACIST =
  'Only a registered pharmacist can approve or reject a prescription. Add your pharmacist registration number to your profile first.';

const DAY_MS = 86_400_000;

function toEntry(row: repository.RegisterRow): H1RegisterEntry {
  return {
    id: row.id,
    dispatchedAt: row.dispatchedAt.toISOString(),
    orderId: row.orderId,
    patientName: row.patientName,
    prescriberName: row.prescriberName,
    prescriberRegistrationNumber: row.prescriberRegistrationNumber,
    productId: row.productId,
    productName: row.productName,
    batchNumber: row.batchNumber,
    units: row.units,
    pharmacistName: row.pharmacistName,
    pharmacistRegistrationNumber: row.pharmacistRegistrationNumber,
  };
}

/**
 * Dispensing safety (issue 16): who may decide on prescriptions, whether an order's prescription
 * is approved, and the register of dispatched Schedule H1 lines.
 */
export function createComplianceService(
  db: DbOrTx,
  options: { recordRetentionYears: number; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());

  /** The end of the retention period of a record made at `at`. */
  function retainUntil(at: Date): Date {
    const until = new Date(at);
    until.setUTCFullYear(until.getUTCFullYear() + options.recordRetentionYears);
    return until;
  }

  return {
    retainUntil,

    /**
     * The signed-in pharmacist (issue 32: a role holding prescriptions.review), or 403 when their
     * profile carries no registration number.
     */
    async requirePharmacist(tx: DbOrTx, userId: number) {
      const user = await repository.findPharmacist(tx, userId);
      const registrationNumber = user?.registrationNumber?.trim();
      if (!user || !can(user.roleId, 'prescriptions.review') || !registrationNumber)
        throw new ForbiddenError(NOT_A_PHARMACIST);
      return { id: user.id, name: user.name, registrationNumber };
    },

    async approvalOf(tx: DbOrTx, orderId: number): Promise<DispensingApproval | null> {
      const approval = await repository.findApproval(tx, orderId);
      if (!approval?.reviewedAt) return null;
      return {
        pharmacistName: approval.pharmacistName ?? '',
        pharmacistRegistrationNumber: approval.pharmacistRegistrationNumber ?? '',
        approvedAt: approval.reviewedAt.toISOString(),
        patientName: approval.patientName,
      };
    },

    /** What the order state machine needs to know about an order's prescription. */
    async transitionContext(
      tx: DbOrTx,
      order: { id: number; hasPrescriptionItems: boolean },
    ): Promise<TransitionContext> {
      return {
        hasPrescriptionItems: order.hasPrescriptionItems,
        prescriptionApproved: order.hasPrescriptionItems
          ? Boolean(await repository.findApproval(tx, order.id))
          : false,
      };
    },

    /**
     * The order is being dispatched: each of its lines of a register-keeping schedule goes into
     * the register, per batch, in the dispatching transaction (with its audit entry).
     */
    async recordDispatch(tx: DbOrTx, orderId: number, actorUserId: number | null) {
      const lines = await repository.registerLines(tx, orderId);
      if (lines.length === 0) return;
      const approval = await repository.findApproval(tx, orderId);
      if (
        !approval?.pharmacistName ||
        !approval.pharmacistRegistrationNumber ||
        !approval.prescriberName ||
        !approval.prescriberRegistrationNumber ||
        !approval.patientName
      ) {
        throw new ConflictError(
          'This order holds register medicine and cannot be dispatched until a pharmacist has approved its prescription with the prescriber and patient details.',
        );
      }
      const dispatchedAt = now();
      const written = await repository.insertRegisterRows(
        tx,
        lines.map((line) => ({
          scheduleCode: line.scheduleCode,
          dispatchedAt,
          orderId,
          orderLineId: line.orderLineId,
          patientName: approval.patientName ?? '',
          prescriberName: approval.prescriberName ?? '',
          prescriberRegistrationNumber: approval.prescriberRegistrationNumber ?? '',
          productId: line.productId ?? 0,
          productName: line.productName,
          batchId: line.batchId,
          batchNumber: line.batchNumber,
          units: line.batchUnits ?? line.lineUnits,
          pharmacistUserId: approval.reviewedByUserId,
          pharmacistName: approval.pharmacistName ?? '',
          pharmacistRegistrationNumber: approval.pharmacistRegistrationNumber ?? '',
          retainUntil: retainUntil(dispatchedAt),
        })),
      );
      for (const row of written) {
        await recordAudit(tx, {
          actorUserId,
          action: 'register.h1_entry',
          entityType: 'schedule_register',
          entityId: row.id,
          details: { orderId, orderLineId: row.orderLineId },
        });
      }
    },

    async register(query: H1RegisterQuery) {
      const from = new Date(`${query.from}T00:00:00Z`);
      const until = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
      const { rows, rowCount } = await repository.listRegister(
        db,
        { from, until },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        entries: rows.map(toEntry),
        pagination: {
          ...defaultPagination,
          page: query.page,
          pageSize: query.pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / query.pageSize),
        },
      };
    },

    /** Every row of the range, for the CSV (a register for a year is a few thousand rows). */
    async registerForExport(query: Pick<H1RegisterQuery, 'from' | 'to'>) {
      const from = new Date(`${query.from}T00:00:00Z`);
      const until = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
      const { rows } = await repository.listRegister(
        db,
        { from, until },
        { offset: 0, limit: 100_000 },
      );
      return rows.map(toEntry);
    },
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;
