import path from 'node:path';
import {
  LIMITS,
  MESSAGES,
  PRESCRIPTION_MAX_FILES,
  PRESCRIPTION_TEXT,
  type Prescription,
  type PrescriptionReviewInput,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../../lib/errors';
import { checkFileContent } from '../../lib/file-type';
import { cleanUploadName, type UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage/index';
import type { Session } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { recordHealthAccess } from '../audit/health-access.service';
import type { ClinicalService } from '../clinical/clinical.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { OrdersService } from '../orders/orders.service';
import type { PatientsService } from '../patients/patients.service';
import type { PrescriptionRecordsService } from './prescription-records.service';
import * as repository from './prescriptions.repository';

/** Which detected contents each allowed extension may carry (spec §5: JPG, PNG, JPEG, PDF, DOC). */
const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
};

/** Checks every file by its bytes, size and name before anything is stored (OWASP ASVS 5.2). */
export function checkPrescriptionFiles(files: UploadedFile[]) {
  if (files.length === 0)
    throw new BadRequestError('image: Please choose at least one prescription file.');
  if (files.length > PRESCRIPTION_MAX_FILES) {
    throw new PayloadTooLargeError(
      `At most ${PRESCRIPTION_MAX_FILES} files can be uploaded at once.`,
    );
  }
  return files.map((file) => {
    const name = cleanUploadName(file.filename);
    if (!name)
      throw new BadRequestError(
        `image: The file name “${file.filename.slice(0, 60)}” is not valid.`,
      );
    if (file.content.length === 0)
      throw new BadRequestError(`image: ${MESSAGES.fileTooSmall} (${name})`);
    if (file.content.length > LIMITS.uploadMaxBytes)
      throw new PayloadTooLargeError(`${MESSAGES.fileTooBig} (${name})`);
    const extension = path.extname(name).slice(1).toLowerCase();
    const checked = checkFileContent(file.content);
    const expected = EXTENSION_TYPES[extension];
    if (!expected || (checked.ok ? checked.type.mime !== expected : checked.reason === 'unknown'))
      throw new BadRequestError(`image: ${MESSAGES.fileTypeUnsupported} (${name})`);
    // A damaged file or an oversized image says so, which is more useful than "unsupported".
    if (!checked.ok) throw new BadRequestError(`image: ${checked.message} (${name})`);
    return { name, content: file.content, mime: checked.type.mime, extension: checked.type.ext };
  });
}

export function createPrescriptionsService(deps: {
  db: Database;
  storage: FileStorage;
  orders: OrdersService;
  compliance: ComplianceService;
  patients: Pick<PatientsService, 'requireOwnPatient'>;
  records: PrescriptionRecordsService;
  /** Issue 31 point 4: a major interaction blocks approval until an override reason is given. */
  clinical: Pick<ClinicalService, 'overrideForApproval'>;
}) {
  const { db, storage, orders, compliance, patients, records } = deps;

  return {
    /** Spec §7 upload: a successful upload moves the order to Payment (or back to review if paid). */
    async upload(
      session: Session,
      orderId: number,
      files: UploadedFile[],
      comment: string | undefined,
      /** Issue 31: the member's patient the prescription is for (404 for anyone else's). */
      patientId?: number,
    ) {
      await orders.orderForPrescription(session, orderId);
      if (patientId !== undefined) await patients.requireOwnPatient(db, session.userId, patientId);
      const checked = checkPrescriptionFiles(files);
      const stored: string[] = [];
      try {
        for (const file of checked)
          stored.push(await storage.savePrivate('prescriptions', file.extension, file.content));
        await db.transaction(async (tx) => {
          const prescriptionId = await repository.insertPrescription(tx, {
            orderId,
            userId: session.userId,
            comment: comment?.trim() ? comment.trim().slice(0, 1000) : null,
            retainUntil: compliance.retainUntil(new Date()),
          });
          await repository.insertFiles(
            tx,
            prescriptionId,
            checked.map((file, i) => ({
              storageKey: stored[i] as string,
              originalName: file.name,
              mimeType: file.mime,
              sizeBytes: file.content.length,
            })),
          );
          await orders.prescriptionUploaded(tx, orderId, session.userId, {
            ...(patientId === undefined ? {} : { patientId }),
          });
        });
      } catch (error) {
        await Promise.all(stored.map((key) => storage.removePrivate(key)));
        throw error;
      }
      return { message: PRESCRIPTION_TEXT.uploaded };
    },

    async list(session: Session, orderId: number): Promise<{ prescriptions: Prescription[] }> {
      const order = await orders.assertVisible(session, orderId, 'prescriptions.review');
      await recordHealthAccess(db, {
        viewerUserId: session.userId,
        customerId: order.userId,
        opened: 'order_prescriptions',
        orderId,
        patientId: order.patientId,
        route: 'GET /api/order/:orderId/prescriptions',
      });
      const rows = await repository.listForOrder(db, orderId);
      const saved = await records.savedById(
        rows.flatMap((row) => (row.recordId === null ? [] : [row.recordId])),
      );
      return {
        prescriptions: rows.map((row) => ({
          id: row.id,
          comment: row.comment,
          reviewStatus: row.reviewStatus,
          reviewReason: row.reviewReason,
          reviewedBy: row.reviewerName ?? row.reviewedBy,
          savedPrescription: (row.recordId === null ? null : saved.get(row.recordId)) ?? null,
          reviewerRegistrationNumber: row.reviewerRegistrationNumber,
          prescriberName: row.prescriberName,
          prescriberRegistrationNumber: row.prescriberRegistrationNumber,
          patientName: row.patientName,
          reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
          createdAt: row.createdAt.toISOString(),
          files: row.files.map((file) => ({
            id: file.id,
            originalName: file.originalName,
            mimeType: file.mimeType,
            sizeBytes: file.sizeBytes,
            url: `/api/prescription-file/${file.id}`,
          })),
        })),
      };
    },

    /** Prescriptions are private: only the order's owner and admins can read a file (404 for others). */
    async download(session: Session, fileId: number) {
      const file = await repository.findFile(db, fileId);
      if (!file) throw new NotFoundError('No file found.');
      const order = await orders
        .assertVisible(session, file.orderId, 'prescriptions.review')
        .catch(() => {
          throw new NotFoundError('No file found.');
        });
      // Issue 32 point 4: anyone but the customer opening it is on the health-data access log.
      await recordHealthAccess(db, {
        viewerUserId: session.userId,
        customerId: order.userId,
        opened: 'prescription_file',
        orderId: file.orderId,
        fileId,
        patientId: order.patientId,
        route: 'GET /api/prescription-file/:fileId',
      });
      return {
        content: await storage.readPrivate(file.storageKey),
        name: file.originalName,
        mimeType: file.mimeType,
      };
    },

    /**
     * A registered pharmacist's decision (issue 16): an admin without a registration number is
     * refused (403). On approval (issue 31) the prescription is transcribed and saved, and every
     * prescription line of the order must be covered by it (409 naming the product otherwise);
     * an order that took a saved prescription is approved on that one. The pharmacist's name and
     * number as they are now, the prescriber and the patient are kept with the decision.
     */
    async review(session: Session, orderId: number, input: PrescriptionReviewInput) {
      const approve = input.decision === 'approve';
      await db.transaction(async (tx) => {
        const pharmacist = await compliance.requirePharmacist(tx, session.userId);
        const reason = input.decision === 'reject' ? input.reason : null;
        const approved =
          input.decision === 'approve'
            ? await records.approve(tx, orderId, pharmacist, input.transcription)
            : null;
        await orders.reviewPrescription(tx, orderId, session.userId, {
          approve,
          reason,
        });
        if (input.decision === 'approve')
          await deps.clinical.overrideForApproval(tx, {
            orderId,
            pharmacistId: pharmacist.id,
            reason: input.interactionOverrideReason,
          });
        const reviewed = await repository.reviewPending(tx, orderId, {
          status: approve ? 'approved' : 'rejected',
          reason,
          reviewerId: pharmacist.id,
          reviewerName: pharmacist.name,
          reviewerRegistrationNumber: pharmacist.registrationNumber,
          ...(approved
            ? {
                prescriberName: approved.prescriberName,
                prescriberRegistrationNumber: approved.prescriberRegistrationNumber,
                patientName: approved.patientName,
                recordId: approved.recordId,
              }
            : {}),
        });
        for (const prescriptionId of reviewed) {
          await recordAudit(tx, {
            actorUserId: pharmacist.id,
            action: approve ? 'prescription.approved' : 'prescription.rejected',
            entityType: 'prescription',
            entityId: prescriptionId,
            details: {
              orderId,
              pharmacistRegistrationNumber: pharmacist.registrationNumber,
              ...(approved
                ? {
                    prescriberName: approved.prescriberName,
                    prescriberRegistrationNumber: approved.prescriberRegistrationNumber,
                    patientName: approved.patientName,
                    savedPrescriptionId: approved.recordId,
                  }
                : { reason }),
            },
          });
        }
      });
      return {
        message: approve
          ? 'Prescription approved'
          : 'Prescription rejected; the customer has been asked for a new one',
      };
    },
  };
}

export type PrescriptionsService = ReturnType<typeof createPrescriptionsService>;
