import { z } from 'zod';
import { paginationSchema } from './common';
import { interactionOverrideReasonSchema } from './interaction-checks';
import { prescriptionTranscriptionSchema } from './prescription-records';

/** A drug schedule (issue 16): the list is data, seeded with India's OTC, H, H1 and X. */
export const drugScheduleSchema = z.object({
  code: z.string(),
  name: z.string(),
  requiresPrescription: z.boolean(),
  onlineSale: z.boolean(),
  keepsRegister: z.boolean(),
});
export type DrugSchedule = z.infer<typeof drugScheduleSchema>;

export const drugScheduleListResponseSchema = z.object({
  schedules: z.array(drugScheduleSchema),
});

/** A registration number as councils print them: letters, digits and / - . and spaces. */
export const registrationNumberSchema = (label: string) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(3, `Please enter the ${label}.`)
    .max(40, `The ${label} must be at most 40 characters.`)
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/,
      `The ${label} may hold only letters, digits, spaces and . / -`,
    );

const personName = (label: string) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(2, `Please enter the ${label}.`)
    .max(120, `The ${label} must be at most 120 characters.`);

/** The approval's fields, as read from the prescription (the pharmacist's approve form). */
const prescriptionApprovalFields = {
  prescriberName: personName("prescriber's name"),
  prescriberRegistrationNumber: registrationNumberSchema("prescriber's registration number"),
  patientName: personName("patient's name"),
};

/** The rejection's field: the reason the customer will read (the pharmacist's reject form). */
const prescriptionRejectionFields = {
  reason: z
    .string({ error: 'Please give the reason for rejecting the prescription.' })
    .trim()
    .min(1, 'Please give the reason for rejecting the prescription.')
    .max(500, 'The reason must be at most 500 characters.'),
};

export const prescriptionApprovalFormSchema = z.object(prescriptionApprovalFields);
export const prescriptionRejectionFormSchema = z.object(prescriptionRejectionFields);

/**
 * Pharmacist review (DECISIONS, issue 16; issue 31): approve with the prescription transcribed,
 * or reject with a reason the customer will read.
 */
export const prescriptionReviewSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    /**
     * Issue 31: the prescription as transcribed (prescriber, date of issue, lines). Required for
     * an uploaded prescription; an order that uses a saved prescription is approved without one.
     */
    transcription: prescriptionTranscriptionSchema.optional(),
    /**
     * Issue 31 point 4: why the order may be approved despite its major interactions or an
     * allergy; without it such an order is refused (409, naming each).
     */
    interactionOverrideReason: interactionOverrideReasonSchema.optional(),
  }),
  z.object({
    decision: z.literal('reject'),
    ...prescriptionRejectionFields,
  }),
]);
export type PrescriptionReviewInput = z.infer<typeof prescriptionReviewSchema>;

/** The pharmacist's decision on an order's prescription, as the order's owner sees it. */
export const dispensingApprovalSchema = z.object({
  pharmacistName: z.string(),
  pharmacistRegistrationNumber: z.string(),
  approvedAt: z.string(),
  /** Issue 31: the patient named on the approval (the order's patient), printed on the invoice. */
  patientName: z.string().nullable().optional(),
});
export type DispensingApproval = z.infer<typeof dispensingApprovalSchema>;

/** One row of the Schedule H1 register: a dispatched line (per batch it was picked from). */
export const h1RegisterEntrySchema = z.object({
  id: z.number().int(),
  dispatchedAt: z.string(),
  orderId: z.number().int(),
  patientName: z.string(),
  prescriberName: z.string(),
  prescriberRegistrationNumber: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  batchNumber: z.string().nullable(),
  units: z.number().int(),
  pharmacistName: z.string(),
  pharmacistRegistrationNumber: z.string(),
});
export type H1RegisterEntry = z.infer<typeof h1RegisterEntrySchema>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-25.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a real date.');

export const h1RegisterQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The end date is before the start.' });
export type H1RegisterQuery = z.infer<typeof h1RegisterQuerySchema>;

export const h1RegisterResponseSchema = z.object({
  entries: z.array(h1RegisterEntrySchema),
  pagination: paginationSchema,
});
