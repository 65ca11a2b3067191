import { z } from 'zod';
import { normaliseIngredient } from './drug-interactions';

/**
 * Issue 31 point 1: the patients a member keeps on their account (self and family). One schema
 * validates the account's form and the API; the allergies are ingredient names, compared with the
 * interaction table's as normaliseIngredient gives them.
 */

export const PATIENT_SEXES = ['female', 'male', 'other'] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];
export const PATIENT_SEX_LABELS: Record<PatientSex, string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
};

export const PATIENT_RELATIONS = ['self', 'spouse', 'child', 'parent', 'sibling', 'other'] as const;
export type PatientRelation = (typeof PATIENT_RELATIONS)[number];
export const PATIENT_RELATION_LABELS: Record<PatientRelation, string> = {
  self: 'Myself',
  spouse: 'Spouse',
  child: 'Child',
  parent: 'Parent',
  sibling: 'Sibling',
  other: 'Other',
};

export const PATIENT_LIMITS = {
  name: 120,
  /** Patients on one account: a family, not a clinic. */
  perAccount: 20,
  allergies: 30,
  allergy: 120,
  ageYears: 130,
} as const;

export const PATIENT_MESSAGES = {
  name: `Please enter the patient's name (2 to ${PATIENT_LIMITS.name} characters).`,
  sex: 'Choose the sex: female, male or other.',
  relation: 'Choose who the patient is: myself, spouse, child, parent, sibling or other.',
  bornOrAged: 'Give the date of birth or the age in years.',
  dateOfBirth: 'Use a date of birth like 1980-04-25, not in the future.',
  ageYears: `The age must be a whole number of years from 0 to ${PATIENT_LIMITS.ageYears}.`,
  allergy: `Each allergy is a salt or ingredient name of up to ${PATIENT_LIMITS.allergy} characters.`,
  allergies: `At most ${PATIENT_LIMITS.allergies} allergies can be listed.`,
  tooMany: `At most ${PATIENT_LIMITS.perAccount} patients can be kept on one account.`,
  notFound: 'No such patient on your account.',
  created: 'Patient added.',
  updated: 'Patient saved.',
  deleted: 'Patient removed.',
} as const;

const calendarDay = z
  .string({ error: PATIENT_MESSAGES.dateOfBirth })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PATIENT_MESSAGES.dateOfBirth)
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(time) &&
      new Date(time).toISOString().slice(0, 10) === value &&
      value >= '1890-01-01' &&
      // A day ahead of UTC: the date of birth of a child born today in India is still allowed.
      time <= Date.now() + 86_400_000
    );
  }, PATIENT_MESSAGES.dateOfBirth);

export const patientInputSchema = z
  .object({
    name: z
      .string({ error: PATIENT_MESSAGES.name })
      .trim()
      .min(2, PATIENT_MESSAGES.name)
      .max(PATIENT_LIMITS.name, PATIENT_MESSAGES.name),
    relation: z.enum(PATIENT_RELATIONS, { error: PATIENT_MESSAGES.relation }).default('other'),
    dateOfBirth: calendarDay.nullable().default(null),
    ageYears: z
      .number({ error: PATIENT_MESSAGES.ageYears })
      .int(PATIENT_MESSAGES.ageYears)
      .min(0, PATIENT_MESSAGES.ageYears)
      .max(PATIENT_LIMITS.ageYears, PATIENT_MESSAGES.ageYears)
      .nullable()
      .default(null),
    sex: z.enum(PATIENT_SEXES, { error: PATIENT_MESSAGES.sex }),
    allergies: z
      .array(
        z
          .string({ error: PATIENT_MESSAGES.allergy })
          .trim()
          .min(2, PATIENT_MESSAGES.allergy)
          .max(PATIENT_LIMITS.allergy, PATIENT_MESSAGES.allergy),
        { error: PATIENT_MESSAGES.allergies },
      )
      .max(PATIENT_LIMITS.allergies, PATIENT_MESSAGES.allergies)
      .default([])
      // Stored as the interaction check compares them, each once.
      .transform((list) => [...new Set(list.map(normaliseIngredient))]),
  })
  .refine((value) => value.dateOfBirth !== null || value.ageYears !== null, {
    path: ['dateOfBirth'],
    message: PATIENT_MESSAGES.bornOrAged,
  });
export type PatientInput = z.input<typeof patientInputSchema>;
export type PatientValues = z.output<typeof patientInputSchema>;

export const patientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relation: z.enum(PATIENT_RELATIONS),
  isSelf: z.boolean(),
  dateOfBirth: z.string().nullable(),
  /** From the date of birth when known, else as given (grown by the years since it was given). */
  ageYears: z.number().int().nullable(),
  sex: z.enum(PATIENT_SEXES),
  allergies: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

export const patientListResponseSchema = z.object({ patients: z.array(patientSchema) });
export const patientWriteResponseSchema = z.object({ message: z.string(), patient: patientSchema });
export const patientIdParamsSchema = z.object({
  patientId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Whole years between a date of birth and a day (both yyyy-MM-dd): the age on that day. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
