import { z } from 'zod';
import { isCalendarDay } from '../rules/stock';
import { SAVED_PRESCRIPTION_STATUSES } from '../rules/prescription-validity';

/**
 * Issue 31 points 2–3: the prescription as the pharmacist transcribes it on approval (the review
 * form and the API share this schema), and the saved prescription as the member and the
 * pharmacist read it back, with what each line still allows.
 */

export const TRANSCRIPTION_LIMITS = {
  lines: 20,
  name: 120,
  registrationNumber: 40,
  strength: 100,
  dose: 60,
  frequency: 60,
  durationDays: 365,
  quantity: 10_000,
} as const;

export const TRANSCRIPTION_MESSAGES = {
  required:
    'Transcribe the prescription before approving it: the prescriber, the date of issue and each prescribed line.',
  prescriberName: "Please enter the prescriber's name (2 to 120 characters).",
  prescriberQualification:
    "Please enter the prescriber's qualification, e.g. MBBS, MD (up to 120 characters).",
  prescriberRegistrationNumber:
    "Please enter the prescriber's registration number (3 to 40 letters, digits, spaces and . / -).",
  prescriberCouncil:
    'Please enter the council that registered the prescriber, e.g. Karnataka Medical Council.',
  patientName: "The patient's name must be 2 to 120 characters.",
  issuedOn: 'Give the date of issue printed on the prescription, like 2026-11-25.',
  issuedInFuture: 'The date of issue cannot be after today.',
  lines: `Transcribe at least one prescribed line (at most ${TRANSCRIPTION_LIMITS.lines}).`,
  medicine: 'Each line names either a salt composition or a medicine, not both.',
  strength: 'The strength may have up to 100 characters, e.g. 500 mg.',
  saltStrength: 'A salt composition line needs its strength, e.g. 500 mg.',
  dose: 'Give the dose (up to 60 characters), e.g. 1 tablet.',
  frequency: 'Give the frequency (up to 60 characters), e.g. twice a day.',
  durationDays: `The duration is a whole number of days from 1 to ${TRANSCRIPTION_LIMITS.durationDays}.`,
  quantity: `The total quantity allowed is a whole number of units from 1 to ${TRANSCRIPTION_LIMITS.quantity}.`,
  saltUnknown: (id: number) => `No salt composition with id ${id} is in the catalogue.`,
  productUnknown: (id: number) => `No medicine with id ${id} is in the catalogue.`,
  expiredOnIssue: (validUntil: string) =>
    `This prescription was valid until ${validUntil}; ask the customer for a new prescription.`,
} as const;

/** Why a prescription does not cover an order: each sentence names the medicine and asks for a new one. */
export const COVERAGE_MESSAGES = {
  notPrescribed: (product: string) =>
    `${product} is not on the transcribed prescription (salt and strength must match). Add its line, or ask the customer for a prescription that covers it.`,
  beyondRemaining: (product: string, ordered: number, remaining: number) =>
    `${product}: ${ordered} units ordered but the prescription allows only ${remaining} more. Please upload a new prescription for the rest.`,
  expired: (validUntil: string) =>
    `This prescription expired on ${validUntil}. Please upload a new prescription.`,
  notSaved: 'No such saved prescription on your account.',
  notWaiting: 'This order is not waiting for a prescription.',
  used: 'Your saved prescription was applied to this order.',
} as const;

const text = (max: number, message: string, min = 1) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);

const id = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const transcriptionLineSchema = z
  .object({
    saltCompositionId: id(TRANSCRIPTION_MESSAGES.medicine).nullable().default(null),
    productId: id(TRANSCRIPTION_MESSAGES.medicine).nullable().default(null),
    strength: z
      .string({ error: TRANSCRIPTION_MESSAGES.strength })
      .trim()
      .max(TRANSCRIPTION_LIMITS.strength, TRANSCRIPTION_MESSAGES.strength)
      .nullable()
      .default(null)
      .transform((value) => (value ? value : null)),
    dose: text(TRANSCRIPTION_LIMITS.dose, TRANSCRIPTION_MESSAGES.dose),
    frequency: text(TRANSCRIPTION_LIMITS.frequency, TRANSCRIPTION_MESSAGES.frequency),
    durationDays: z
      .number({ error: TRANSCRIPTION_MESSAGES.durationDays })
      .int(TRANSCRIPTION_MESSAGES.durationDays)
      .min(1, TRANSCRIPTION_MESSAGES.durationDays)
      .max(TRANSCRIPTION_LIMITS.durationDays, TRANSCRIPTION_MESSAGES.durationDays),
    quantity: z
      .number({ error: TRANSCRIPTION_MESSAGES.quantity })
      .int(TRANSCRIPTION_MESSAGES.quantity)
      .min(1, TRANSCRIPTION_MESSAGES.quantity)
      .max(TRANSCRIPTION_LIMITS.quantity, TRANSCRIPTION_MESSAGES.quantity),
  })
  .refine((line) => (line.saltCompositionId === null) !== (line.productId === null), {
    path: ['saltCompositionId'],
    message: TRANSCRIPTION_MESSAGES.medicine,
  })
  .refine((line) => line.saltCompositionId === null || line.strength !== null, {
    path: ['strength'],
    message: TRANSCRIPTION_MESSAGES.saltStrength,
  });
export type TranscriptionLineInput = z.input<typeof transcriptionLineSchema>;
export type TranscriptionLine = z.output<typeof transcriptionLineSchema>;

/** The transcription sent with an approval (issue 31 point 2). */
export const prescriptionTranscriptionSchema = z.object({
  prescriberName: text(TRANSCRIPTION_LIMITS.name, TRANSCRIPTION_MESSAGES.prescriberName, 2),
  prescriberQualification: text(
    TRANSCRIPTION_LIMITS.name,
    TRANSCRIPTION_MESSAGES.prescriberQualification,
    2,
  ),
  prescriberRegistrationNumber: z
    .string({ error: TRANSCRIPTION_MESSAGES.prescriberRegistrationNumber })
    .trim()
    .min(3, TRANSCRIPTION_MESSAGES.prescriberRegistrationNumber)
    .max(
      TRANSCRIPTION_LIMITS.registrationNumber,
      TRANSCRIPTION_MESSAGES.prescriberRegistrationNumber,
    )
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, TRANSCRIPTION_MESSAGES.prescriberRegistrationNumber),
  prescriberCouncil: text(TRANSCRIPTION_LIMITS.name, TRANSCRIPTION_MESSAGES.prescriberCouncil, 2),
  /** As written on the prescription; when left out, the order's patient (or the member) is named. */
  patientName: text(TRANSCRIPTION_LIMITS.name, TRANSCRIPTION_MESSAGES.patientName, 2).optional(),
  issuedOn: z
    .string({ error: TRANSCRIPTION_MESSAGES.issuedOn })
    .refine(isCalendarDay, TRANSCRIPTION_MESSAGES.issuedOn),
  lines: z
    .array(transcriptionLineSchema, { error: TRANSCRIPTION_MESSAGES.lines })
    .min(1, TRANSCRIPTION_MESSAGES.lines)
    .max(TRANSCRIPTION_LIMITS.lines, TRANSCRIPTION_MESSAGES.lines),
});
export type PrescriptionTranscriptionInput = z.input<typeof prescriptionTranscriptionSchema>;
export type PrescriptionTranscription = z.output<typeof prescriptionTranscriptionSchema>;

export const savedPrescriptionLineSchema = z.object({
  id: z.number().int(),
  saltCompositionId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  medicineName: z.string(),
  strength: z.string().nullable(),
  dose: z.string(),
  frequency: z.string(),
  durationDays: z.number().int(),
  prescribedUnits: z.number().int(),
  dispensedUnits: z.number().int(),
  remainingUnits: z.number().int(),
});
export type SavedPrescriptionLine = z.infer<typeof savedPrescriptionLineSchema>;

export const savedPrescriptionSchema = z.object({
  id: z.number().int(),
  patient: z.object({ id: z.number().int().nullable(), name: z.string() }),
  prescriber: z.object({
    name: z.string(),
    qualification: z.string(),
    registrationNumber: z.string(),
    council: z.string(),
  }),
  issuedOn: z.string(),
  validUntil: z.string(),
  scheduleH1: z.boolean(),
  status: z.enum(SAVED_PRESCRIPTION_STATUSES),
  approvedBy: z.object({ name: z.string(), registrationNumber: z.string() }),
  approvedAt: z.string(),
  /** The order whose upload was transcribed (null once that order is gone). */
  orderId: z.number().int().nullable(),
  lines: z.array(savedPrescriptionLineSchema),
});
export type SavedPrescription = z.infer<typeof savedPrescriptionSchema>;

export const SAVED_PRESCRIPTION_STATUS_LABELS: Record<
  (typeof SAVED_PRESCRIPTION_STATUSES)[number],
  string
> = { valid: 'Valid', expired: 'Expired', used_up: 'Used up' };

export const savedPrescriptionListResponseSchema = z.object({
  prescriptions: z.array(savedPrescriptionSchema),
});

export const useSavedPrescriptionSchema = z.object({
  prescriptionId: z.coerce
    .number({ error: 'Choose a saved prescription.' })
    .int('Choose a saved prescription.')
    .positive('Choose a saved prescription.')
    .max(2_147_483_647, 'Choose a saved prescription.'),
});
export type UseSavedPrescriptionInput = z.infer<typeof useSavedPrescriptionSchema>;
