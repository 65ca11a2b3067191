import {
  PATIENT_LIMITS,
  PATIENT_MESSAGES,
  ageOn,
  indiaToday,
  type Patient,
  type PatientRelation,
  type PatientSex,
  type PatientValues,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './patients.repository';
import type { PatientRecord } from './patients.repository';

/** What other modules learn of a patient: enough to name them and check their allergies. */
export interface PatientFacts {
  id: number;
  userId: number;
  name: string;
  /** Normalised ingredient names (normaliseIngredient). */
  allergies: string[];
}

const YEAR_MS = 365.25 * 86_400_000;

/**
 * The patients a member keeps (issue 31 point 1). Another member's patient is "not found", never
 * "forbidden", so ids cannot be probed. Patients are archived rather than deleted: an order or a
 * saved prescription made for them keeps their name for as long as the records are kept.
 */
export function createPatientsService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  function toPatient(row: PatientRecord): Patient {
    const today = indiaToday(now());
    // An age given without a date of birth grows with the years since it was given.
    const ageYears = row.dateOfBirth
      ? ageOn(row.dateOfBirth, today)
      : row.ageYears === null
        ? null
        : row.ageYears +
          Math.max(0, Math.floor((now().getTime() - row.updatedAt.getTime()) / YEAR_MS));
    return {
      id: row.id,
      name: row.name,
      relation: row.relation as PatientRelation,
      isSelf: row.relation === 'self',
      dateOfBirth: row.dateOfBirth,
      ageYears,
      sex: row.sex as PatientSex,
      allergies: row.allergies,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  const facts = (row: PatientRecord): PatientFacts => ({
    id: row.id,
    userId: row.userId,
    name: row.name,
    allergies: row.allergies,
  });

  async function owned(tx: DbOrTx, userId: number, patientId: number, forUpdate = false) {
    const row = await repository.findForUser(tx, userId, patientId, forUpdate);
    if (!row) throw new NotFoundError(PATIENT_MESSAGES.notFound);
    return row;
  }

  return {
    async list(userId: number) {
      return { patients: (await repository.listForUser(db, userId)).map(toPatient) };
    },

    async create(userId: number, input: PatientValues) {
      const row = await db.transaction(async (tx) => {
        await repository.lockUser(tx, userId);
        if ((await repository.countForUser(tx, userId)) >= PATIENT_LIMITS.perAccount)
          throw new ConflictError(PATIENT_MESSAGES.tooMany);
        const created = await repository.insertPatient(tx, { userId, ...input });
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'patient.created',
          entityType: 'patient',
          entityId: created.id,
          details: { relation: created.relation },
        });
        return created;
      });
      return { message: PATIENT_MESSAGES.created, patient: toPatient(row) };
    },

    async update(userId: number, patientId: number, input: PatientValues) {
      const row = await db.transaction(async (tx) => {
        await owned(tx, userId, patientId, true);
        const updated = await repository.updatePatient(tx, patientId, input);
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'patient.updated',
          entityType: 'patient',
          entityId: patientId,
          details: { relation: updated.relation },
        });
        return updated;
      });
      return { message: PATIENT_MESSAGES.updated, patient: toPatient(row) };
    },

    async remove(userId: number, patientId: number) {
      await db.transaction(async (tx) => {
        await owned(tx, userId, patientId, true);
        await repository.archivePatient(tx, patientId, now());
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'patient.archived',
          entityType: 'patient',
          entityId: patientId,
          details: {},
        });
      });
      return { message: PATIENT_MESSAGES.deleted };
    },

    /**
     * The member's own patient, for an upload or a saved prescription in the caller's
     * transaction; another member's (or an archived one) answers 404 with a sentence.
     */
    async requireOwnPatient(tx: DbOrTx, userId: number, patientId: number) {
      return facts(await owned(tx, userId, patientId));
    },

    /**
     * The patient an order is for (chosen at upload or with a saved prescription), or null when
     * none was chosen: the H1 register, the invoice and the interaction check name and check them.
     */
    /** The order's patient as the member sees them (age, sex, allergies): the review panel's. */
    async patientViewOfOrder(orderId: number, tx: DbOrTx = db): Promise<Patient | null> {
      const row = await repository.patientOfOrder(tx, orderId);
      return row ? toPatient(row) : null;
    },

    async patientForOrder(orderId: number, tx: DbOrTx = db): Promise<PatientFacts | null> {
      const row = await repository.patientOfOrder(tx, orderId);
      return row ? facts(row) : null;
    },

    /** A patient's known allergies (normalised ingredient names); none for an unknown id. */
    async allergiesOf(patientId: number, tx: DbOrTx = db): Promise<string[]> {
      return (await repository.findById(tx, patientId))?.allergies ?? [];
    },
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
