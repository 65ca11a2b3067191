import {
  COVERAGE_MESSAGES,
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  TRANSCRIPTION_MESSAGES,
  coverOrder,
  indiaToday,
  isPrescriptionExpired,
  prescribedLineCovers,
  remainingUnits,
  prescriptionValidUntil,
  type Coverage,
  type PrescriptionTranscription,
  type PrescriptionValiditySettings,
  type SavedPrescription,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { recordHealthAccess } from '../audit/health-access.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { OrdersService } from '../orders/orders.service';
import type { PatientsService } from '../patients/patients.service';
import * as records from './prescription-records.repository';
import * as prescriptionsRepository from './prescriptions.repository';
import { asOrdered, asPrescribed, toSavedPrescription } from './saved-prescription-view';

/** Why an order is not covered, as the sentence the pharmacist or the member reads. */
function coverageRefusal(coverage: Exclude<Coverage, { covered: true }>): string {
  return coverage.reason === 'not_prescribed'
    ? COVERAGE_MESSAGES.notPrescribed(coverage.line.productName)
    : COVERAGE_MESSAGES.beyondRemaining(
        coverage.line.productName,
        coverage.line.units,
        coverage.remaining,
      );
}

/** Whether a product needs a prescription and, if a saved one covers it, until when and for how much. */
export interface PrescriptionCover {
  requiresPrescription: boolean;
  /** The last valid day of the saved prescription that covers it longest; null when none does. */
  validUntil: string | null;
  remainingUnits: number;
}

/** What the approval writes on the order's prescriptions (the H1 register reads it there). */
export interface ApprovedRecord {
  recordId: number;
  prescriberName: string;
  prescriberRegistrationNumber: string;
  patientName: string;
}

/**
 * Saved prescriptions (issue 31 points 2–3): the transcription made on approval, its reuse by a
 * later order within its validity, and the counting of units against each prescribed line. Units
 * are counted when an order is approved on an upload or takes a saved prescription, under the
 * lines' row locks, and given back when the order is cancelled or its prescription rejected.
 */
export function createPrescriptionRecordsService(deps: {
  db: Database;
  orders: Pick<
    OrdersService,
    'orderForPrescription' | 'prescriptionUploaded' | 'orderInTx' | 'assertVisible'
  >;
  compliance: Pick<ComplianceService, 'retainUntil'>;
  patients: Pick<PatientsService, 'patientForOrder'>;
  validity: PrescriptionValiditySettings;
  now?: () => Date;
}) {
  const { db, orders, compliance, patients, validity } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => indiaToday(now());

  /** Resolves each line's medicine against the catalogue (400 naming an unknown id). */
  async function resolveLines(tx: DbOrTx, transcription: PrescriptionTranscription) {
    const saltIds = [
      ...new Set(
        transcription.lines.flatMap((l) => (l.saltCompositionId ? [l.saltCompositionId] : [])),
      ),
    ];
    const productIds = [
      ...new Set(transcription.lines.flatMap((l) => (l.productId ? [l.productId] : []))),
    ];
    const salts = new Map((await records.saltsByIds(tx, saltIds)).map((s) => [s.id, s]));
    const products = new Map((await records.productsByIds(tx, productIds)).map((p) => [p.id, p]));
    const lines = transcription.lines.map((line, index) => {
      if (line.saltCompositionId !== null) {
        const salt = salts.get(line.saltCompositionId);
        if (!salt)
          throw new BadRequestError(
            `transcription.lines.${index}.saltCompositionId: ${TRANSCRIPTION_MESSAGES.saltUnknown(line.saltCompositionId)}`,
          );
        return { ...line, medicineName: salt.name };
      }
      const product = line.productId === null ? undefined : products.get(line.productId);
      if (!product || line.productId === null)
        throw new BadRequestError(
          `transcription.lines.${index}.productId: ${TRANSCRIPTION_MESSAGES.productUnknown(line.productId ?? 0)}`,
        );
      return { ...line, medicineName: product.name, strength: line.strength ?? product.strength };
    });
    return { lines, saltIds, productIds };
  }

  /** Saves the transcription of an uploaded prescription and counts the order's units on it. */
  async function transcribe(
    tx: DbOrTx,
    order: { id: number; userId: number; orderedByName: string },
    pharmacist: { id: number; name: string; registrationNumber: string },
    transcription: PrescriptionTranscription,
  ): Promise<ApprovedRecord> {
    const day = today();
    if (transcription.issuedOn > day)
      throw new BadRequestError(`transcription.issuedOn: ${TRANSCRIPTION_MESSAGES.issuedInFuture}`);
    const { lines, saltIds, productIds } = await resolveLines(tx, transcription);
    const ordered = await records.orderedPrescriptionLines(tx, order.id);
    const scheduleH1 =
      ordered.some((line) => line.keepsRegister) ||
      (await records.prescribesRegisterMedicine(tx, productIds, saltIds));
    const validUntil = prescriptionValidUntil(transcription.issuedOn, scheduleH1, validity);
    if (isPrescriptionExpired(validUntil, day))
      throw new ConflictError(TRANSCRIPTION_MESSAGES.expiredOnIssue(validUntil));
    // Placeholder ids (the lines' positions) until they are written.
    const coverage = coverOrder(
      ordered.map(asOrdered),
      lines.map((line, index) => ({
        id: index,
        productId: line.productId,
        saltCompositionId: line.saltCompositionId,
        strength: line.strength,
        quantityAllowed: line.quantity,
        unitsDispensed: 0,
      })),
    );
    if (!coverage.covered) throw new ConflictError(coverageRefusal(coverage));
    const patient = await patients.patientForOrder(order.id, tx);
    // The patient the member chose names the records; the name on the paper when none was chosen.
    const patientName = patient?.name ?? transcription.patientName ?? order.orderedByName;
    const recordId = await records.insertRecord(tx, {
      userId: order.userId,
      patientId: patient?.id ?? null,
      patientName,
      orderId: order.id,
      prescriberName: transcription.prescriberName,
      prescriberQualification: transcription.prescriberQualification,
      prescriberRegistrationNumber: transcription.prescriberRegistrationNumber,
      prescriberCouncil: transcription.prescriberCouncil,
      issuedOn: transcription.issuedOn,
      validUntil,
      scheduleH1,
      approvedByUserId: pharmacist.id,
      approvedByName: pharmacist.name,
      approvedByRegistrationNumber: pharmacist.registrationNumber,
      retainUntil: compliance.retainUntil(now()),
    });
    const written = await records.insertRecordLines(
      tx,
      lines.map((line) => ({
        recordId,
        saltCompositionId: line.saltCompositionId,
        productId: line.productId,
        medicineName: line.medicineName.slice(0, 200),
        strength: line.strength,
        dose: line.dose,
        frequency: line.frequency,
        durationDays: line.durationDays,
        quantityAllowed: line.quantity,
      })),
    );
    await records.insertUses(
      tx,
      order.id,
      coverage.uses.map((use) => ({
        recordLineId: written[use.prescribedLineId]?.id ?? 0,
        orderLineId: use.orderedLineId,
        units: use.units,
      })),
    );
    return {
      recordId,
      prescriberName: transcription.prescriberName,
      prescriberRegistrationNumber: transcription.prescriberRegistrationNumber,
      patientName,
    };
  }

  async function savedList(userId: number, validOn?: string) {
    const rows = await records.recordsOfUser(db, userId, validOn);
    const lines = await records.linesOf(
      db,
      rows.map((row) => row.id),
    );
    const day = today();
    return rows.map((row) => toSavedPrescription(row, lines, day));
  }

  return {
    /**
     * The approval's part of the review, in its transaction, before the order moves: an order
     * that took a saved prescription is already counted and needs no transcription; otherwise the
     * transcription is required, every prescription line of the order must be covered, and the
     * units are counted. Answers what the order's prescriptions keep of it.
     */
    async approve(
      tx: DbOrTx,
      orderId: number,
      pharmacist: { id: number; name: string; registrationNumber: string },
      transcription: PrescriptionTranscription | undefined,
    ): Promise<ApprovedRecord | null> {
      const order = await orders.orderInTx(tx, orderId);
      if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
      // The lifecycle refuses other statuses with its own sentence, after this.
      if (order.statusId !== ORDER_STATUS.WAITING_TO_ACCEPT || !order.hasPrescriptionItems)
        return null;
      const pending = await prescriptionsRepository.pendingOfOrder(tx, orderId);
      const saved = pending.find((row) => row.recordId !== null);
      const used = await records.activeUsesOfOrder(tx, orderId);
      if (pending.length > 0 && pending.every((row) => row.recordId !== null) && saved?.recordId) {
        const record = await records.findRecord(tx, saved.recordId);
        if (!record) throw new NotFoundError(COVERAGE_MESSAGES.notSaved);
        // It may have expired while the order waited: nothing is dispensed on an expired one.
        if (isPrescriptionExpired(record.validUntil, today()))
          throw new ConflictError(COVERAGE_MESSAGES.expired(record.validUntil));
        return {
          recordId: record.id,
          prescriberName: record.prescriberName,
          prescriberRegistrationNumber: record.prescriberRegistrationNumber,
          patientName: record.patientName,
        };
      }
      if (!transcription)
        throw new BadRequestError(`transcription: ${TRANSCRIPTION_MESSAGES.required}`);
      // Units counted before (an approval undone by a rejection is released, so none are left).
      await records.releaseUses(tx, used, now());
      return transcribe(tx, order, pharmacist, transcription);
    },

    /** "My Prescriptions": every saved prescription of the member, with what remains. */
    async listSaved(session: Session): Promise<{ prescriptions: SavedPrescription[] }> {
      return { prescriptions: await savedList(session.userId) };
    },

    /** The member's saved prescriptions still valid that cover every prescription line of the order. */
    async forOrder(session: Session, orderId: number) {
      const order = await orders.assertVisible(session, orderId, 'prescriptions.review');
      await recordHealthAccess(db, {
        viewerUserId: session.userId,
        customerId: order.userId,
        opened: 'saved_prescriptions',
        orderId,
        patientId: order.patientId,
        route: 'GET /api/order/:orderId/saved-prescriptions',
      });
      const ordered = (await records.orderedPrescriptionLines(db, orderId)).map(asOrdered);
      const candidates = await savedList(order.userId, today());
      const lines = await records.linesOf(
        db,
        candidates.map((c) => c.id),
      );
      return {
        prescriptions: candidates.filter(
          (candidate) =>
            candidate.status === 'valid' &&
            ordered.length > 0 &&
            coverOrder(
              ordered,
              lines.filter((line) => line.recordId === candidate.id).map(asPrescribed),
            ).covered,
        ),
      };
    },

    /**
     * The member's order waiting for a prescription takes a saved one instead of an upload: its
     * units are counted on the prescribed lines (locked, so two orders cannot both take the last
     * ones) and the order moves on as an upload would, for the pharmacist to check.
     */
    async useSaved(session: Session, orderId: number, recordId: number) {
      await orders.orderForPrescription(session, orderId);
      await db.transaction(async (tx) => {
        // The order first, then the lines: the same lock order as a cancellation's release.
        await orders.orderInTx(tx, orderId);
        const record = await records.findRecord(tx, recordId, session.userId);
        if (!record) throw new NotFoundError(COVERAGE_MESSAGES.notSaved);
        const lines = await records.linesOf(tx, [record.id], true);
        if (isPrescriptionExpired(record.validUntil, today()))
          throw new ConflictError(COVERAGE_MESSAGES.expired(record.validUntil));
        const ordered = await records.orderedPrescriptionLines(tx, orderId);
        const coverage = coverOrder(ordered.map(asOrdered), lines.map(asPrescribed));
        if (!coverage.covered) throw new ConflictError(coverageRefusal(coverage));
        await records.insertUses(
          tx,
          orderId,
          coverage.uses.map((use) => ({
            recordLineId: use.prescribedLineId,
            orderLineId: use.orderedLineId,
            units: use.units,
          })),
        );
        const prescriptionId = await prescriptionsRepository.insertPrescription(tx, {
          orderId,
          userId: session.userId,
          comment: `Saved prescription of ${record.issuedOn} by ${record.prescriberName}`.slice(
            0,
            1000,
          ),
          retainUntil: compliance.retainUntil(now()),
          recordId: record.id,
        });
        await orders.prescriptionUploaded(tx, orderId, session.userId, {
          ...(record.patientId === null ? {} : { patientId: record.patientId }),
          note: 'Saved prescription used',
        });
        await recordAudit(tx, {
          actorUserId: session.userId,
          action: 'prescription.saved_used',
          entityType: 'prescription',
          entityId: prescriptionId,
          details: {
            orderId,
            recordId: record.id,
            units: coverage.uses.map((use) => ({ line: use.prescribedLineId, units: use.units })),
          },
        });
      });
      return { message: COVERAGE_MESSAGES.used };
    },

    /** The order's counted units go back to their prescriptions (cancelled, or prescription rejected). */
    async releaseOrder(tx: DbOrTx, orderId: number) {
      await records.releaseUses(tx, await records.activeUsesOfOrder(tx, orderId), now());
    },

    /** A saved prescription by id, for the order's prescriptions list (admin or owner). */
    async savedById(recordIds: number[]) {
      if (recordIds.length === 0) return new Map<number, SavedPrescription>();
      const lines = await records.linesOf(db, recordIds);
      const day = today();
      const found = new Map<number, SavedPrescription>();
      for (const id of new Set(recordIds)) {
        const record = await records.findRecord(db, id);
        if (record) found.set(id, toSavedPrescription(record, lines, day));
      }
      return found;
    },

    /**
     * When the member's prescription for each product runs out (issue 31 point 3, for the refill
     * reminders): of the saved prescriptions still valid that name the product (or its salt at
     * its strength), the one valid longest, with the units it still allows; validUntil null when
     * none covers it any more. Three queries whatever the number of products.
     */
    async prescriptionCoversOf(
      userId: number,
      productIds: number[],
      tx: DbOrTx = db,
    ): Promise<Map<number, PrescriptionCover>> {
      const products = await records.productsByIds(tx, [...new Set(productIds)]);
      const rows = products.length ? await records.recordsOfUser(tx, userId, today()) : [];
      const lines = await records.linesOf(
        tx,
        rows.map((row) => row.id),
      );
      const covers = new Map<number, PrescriptionCover>();
      for (const product of products) {
        let best: PrescriptionCover = {
          requiresPrescription: product.prescription,
          validUntil: null,
          remainingUnits: 0,
        };
        const ordered = { ...product, productId: product.id, productName: product.name, units: 1 };
        for (const row of rows) {
          const remaining = lines
            .filter(
              (line) =>
                line.recordId === row.id && prescribedLineCovers(asPrescribed(line), ordered),
            )
            .reduce((sum, line) => sum + remainingUnits(line), 0);
          if (remaining > 0 && (best.validUntil === null || row.validUntil > best.validUntil))
            best = { ...best, validUntil: row.validUntil, remainingUnits: remaining };
        }
        covers.set(product.id, best);
      }
      return covers;
    },
  };
}

export type PrescriptionRecordsService = ReturnType<typeof createPrescriptionRecordsService>;
