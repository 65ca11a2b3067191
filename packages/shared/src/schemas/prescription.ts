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
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  files: z.array(prescriptionFileSchema),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const prescriptionListResponseSchema = z.object({
  prescriptions: z.array(prescriptionSchema),
});

/** Pharmacist review (DECISIONS): approve, or reject with a reason the customer will read. */
export const prescriptionReviewSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500, 'The reason must be at most 500 characters.').optional(),
  })
  .refine((v) => v.decision === 'approve' || (v.reason !== undefined && v.reason.length > 0), {
    path: ['reason'],
    message: 'Please give the reason for rejecting the prescription.',
  });
export type PrescriptionReviewInput = z.infer<typeof prescriptionReviewSchema>;
