import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prescriptionFiles, prescriptions, users } from '../../db/schema/index';

export async function insertPrescription(
  db: DbOrTx,
  values: {
    orderId: number;
    userId: number;
    comment: string | null;
    retainUntil: Date;
    /** Issue 31: set when a saved prescription stands in for an upload. */
    recordId?: number;
  },
) {
  const [row] = await db
    .insert(prescriptions)
    .values({ ...values, reviewStatus: 'pending' })
    .returning({ id: prescriptions.id });
  if (!row) throw new Error('prescription insert returned no row');
  return row.id;
}

export async function insertFiles(
  db: DbOrTx,
  prescriptionId: number,
  files: Array<{ storageKey: string; originalName: string; mimeType: string; sizeBytes: number }>,
) {
  await db.insert(prescriptionFiles).values(files.map((file) => ({ ...file, prescriptionId })));
}

export async function listForOrder(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({
      id: prescriptions.id,
      comment: prescriptions.comment,
      reviewStatus: prescriptions.reviewStatus,
      reviewReason: prescriptions.reviewReason,
      reviewedBy: users.name,
      reviewerName: prescriptions.reviewerName,
      reviewerRegistrationNumber: prescriptions.reviewerRegistrationNumber,
      prescriberName: prescriptions.prescriberName,
      prescriberRegistrationNumber: prescriptions.prescriberRegistrationNumber,
      patientName: prescriptions.patientName,
      recordId: prescriptions.recordId,
      reviewedAt: prescriptions.reviewedAt,
      createdAt: prescriptions.createdAt,
    })
    .from(prescriptions)
    .leftJoin(users, eq(users.id, prescriptions.reviewedByUserId))
    .where(eq(prescriptions.orderId, orderId))
    .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id));
  const files = rows.length
    ? await db
        .select({
          id: prescriptionFiles.id,
          prescriptionId: prescriptionFiles.prescriptionId,
          originalName: prescriptionFiles.originalName,
          mimeType: prescriptionFiles.mimeType,
          sizeBytes: prescriptionFiles.sizeBytes,
        })
        .from(prescriptionFiles)
        .where(
          inArray(
            prescriptionFiles.prescriptionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(prescriptionFiles.id)
    : [];
  return rows.map((row) => ({
    ...row,
    files: files.filter((file) => file.prescriptionId === row.id),
  }));
}

export async function findFile(db: DbOrTx, fileId: number) {
  const [row] = await db
    .select({
      id: prescriptionFiles.id,
      storageKey: prescriptionFiles.storageKey,
      originalName: prescriptionFiles.originalName,
      mimeType: prescriptionFiles.mimeType,
      orderId: prescriptions.orderId,
    })
    .from(prescriptionFiles)
    .innerJoin(prescriptions, eq(prescriptions.id, prescriptionFiles.prescriptionId))
    .where(eq(prescriptionFiles.id, fileId))
    .limit(1);
  return row;
}

/** The decision applies to the prescriptions still waiting on the order; answers their ids. */
export async function reviewPending(
  db: DbOrTx,
  orderId: number,
  review: {
    status: 'approved' | 'rejected';
    reason: string | null;
    reviewerId: number;
    reviewerName: string;
    reviewerRegistrationNumber: string;
    prescriberName?: string;
    prescriberRegistrationNumber?: string;
    patientName?: string;
    /** Issue 31: the saved prescription the approved uploads were transcribed into. */
    recordId?: number;
  },
): Promise<number[]> {
  const rows = await db
    .update(prescriptions)
    .set({
      reviewStatus: review.status,
      reviewReason: review.reason,
      reviewedByUserId: review.reviewerId,
      reviewerName: review.reviewerName,
      reviewerRegistrationNumber: review.reviewerRegistrationNumber,
      prescriberName: review.prescriberName ?? null,
      prescriberRegistrationNumber: review.prescriberRegistrationNumber ?? null,
      patientName: review.patientName ?? null,
      ...(review.recordId === undefined ? {} : { recordId: review.recordId }),
      reviewedAt: new Date(),
    })
    .where(and(eq(prescriptions.orderId, orderId), eq(prescriptions.reviewStatus, 'pending')))
    .returning({ id: prescriptions.id });
  return rows.map((row) => row.id);
}

/** The prescriptions of the order still waiting for the pharmacist, with their saved record. */
export function pendingOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({ id: prescriptions.id, recordId: prescriptions.recordId })
    .from(prescriptions)
    .where(and(eq(prescriptions.orderId, orderId), eq(prescriptions.reviewStatus, 'pending')));
}
