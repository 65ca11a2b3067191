import { z } from 'zod';
import { PRESCRIPTION_MAX_FILES } from '../constants/texts';
import { attachedFileSchema } from './attached-file';
import { savedPrescriptionSchema } from './prescription-records';

export const prescriptionFileSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
});

export const prescriptionSchema = z.object({
  id: z.number().int(),
  comment: z.string().nullable(),
  reviewStatus: z.enum(['pending', 'approved', 'rejected']),
  reviewReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  /** The reviewing pharmacist's registration number, as it was when they decided. */
  reviewerRegistrationNumber: z.string().nullable(),
  /** Read from the prescription by the pharmacist on approval. */
  prescriberName: z.string().nullable(),
  prescriberRegistrationNumber: z.string().nullable(),
  patientName: z.string().nullable(),
  /** Issue 31: the saved prescription it was transcribed into, or the saved one the order used. */
  savedPrescription: savedPrescriptionSchema.nullable().optional(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  files: z.array(prescriptionFileSchema),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const prescriptionListResponseSchema = z.object({
  prescriptions: z.array(prescriptionSchema),
});

export const PRESCRIPTION_UPLOAD_MESSAGES = {
  noFiles: 'Choose at least one file first.',
  tooManyFiles: `At most ${PRESCRIPTION_MAX_FILES} files can be uploaded at once`,
  comment: 'Please keep the comment under 500 characters.',
} as const;

/**
 * The prescription upload form (spec §2): the files chosen (each already checked against the
 * upload rules as it was added) and the optional comment.
 */
export const prescriptionUploadFormSchema = z.object({
  files: z
    .array(attachedFileSchema)
    .min(1, PRESCRIPTION_UPLOAD_MESSAGES.noFiles)
    .max(PRESCRIPTION_MAX_FILES, PRESCRIPTION_UPLOAD_MESSAGES.tooManyFiles),
  comment: z.string().max(500, PRESCRIPTION_UPLOAD_MESSAGES.comment),
});
export type PrescriptionUploadFormValues = z.infer<typeof prescriptionUploadFormSchema>;
