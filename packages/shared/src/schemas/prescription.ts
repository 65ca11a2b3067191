import { z } from 'zod';

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
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  files: z.array(prescriptionFileSchema),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const prescriptionListResponseSchema = z.object({
  prescriptions: z.array(prescriptionSchema),
});
