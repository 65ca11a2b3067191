import {
  remainingUnits,
  savedPrescriptionStatus,
  type SavedPrescription,
  type OrderedLine,
  type PrescribedLine,
} from '@pharmacy/shared';
import type { RecordLineRow, RecordRow } from './prescription-records.repository';

/** A saved prescription as the member and the pharmacist read it (issue 31 point 3). */
export function toSavedPrescription(
  record: NonNullable<RecordRow>,
  lines: RecordLineRow[],
  today: string,
): SavedPrescription {
  const own = lines.filter((line) => line.recordId === record.id);
  return {
    id: record.id,
    patient: { id: record.patientId, name: record.patientName },
    prescriber: {
      name: record.prescriberName,
      qualification: record.prescriberQualification,
      registrationNumber: record.prescriberRegistrationNumber,
      council: record.prescriberCouncil,
    },
    issuedOn: record.issuedOn,
    validUntil: record.validUntil,
    scheduleH1: record.scheduleH1,
    status: savedPrescriptionStatus({ validUntil: record.validUntil, lines: own }, today),
    approvedBy: {
      name: record.approvedByName,
      registrationNumber: record.approvedByRegistrationNumber,
    },
    approvedAt: record.createdAt.toISOString(),
    orderId: record.orderId,
    lines: own.map((line) => ({
      id: line.id,
      saltCompositionId: line.saltCompositionId,
      productId: line.productId,
      medicineName: line.medicineName,
      strength: line.strength,
      dose: line.dose,
      frequency: line.frequency,
      durationDays: line.durationDays,
      prescribedUnits: line.quantityAllowed,
      dispensedUnits: line.unitsDispensed,
      remainingUnits: remainingUnits(line),
    })),
  };
}

/** What the coverage rule needs of the stored lines. */
export const asPrescribed = (line: RecordLineRow): PrescribedLine => ({
  id: line.id,
  productId: line.productId,
  saltCompositionId: line.saltCompositionId,
  strength: line.strength,
  quantityAllowed: line.quantityAllowed,
  unitsDispensed: line.unitsDispensed,
});

/** What the coverage rule needs of the order's lines. */
export const asOrdered = (line: {
  id: number;
  productId: number | null;
  productName: string;
  saltCompositionId: number | null;
  strength: string | null;
  units: number;
}): OrderedLine => ({
  id: line.id,
  productId: line.productId,
  productName: line.productName,
  saltCompositionId: line.saltCompositionId,
  strength: line.strength,
  units: line.units,
});
