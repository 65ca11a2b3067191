import { z } from 'zod';
import { paginationSchema } from './common';

/**
 * Issue 32 point 4: the health-data access log. Whenever someone other than the customer opens
 * a prescription file, an order's prescriptions or saved prescriptions, or the patient on an
 * order, the audit chain records who, when and what ('health.accessed', entity 'customer').
 */
export const HEALTH_ACCESS_PAGE_SIZE = 20;

/** What was opened. */
export const HEALTH_ACCESS_KINDS = [
  'prescription_file',
  'order_prescriptions',
  'saved_prescriptions',
  'order_patient',
] as const;
export type HealthAccessKind = (typeof HEALTH_ACCESS_KINDS)[number];

export const HEALTH_ACCESS_KIND_LABELS: Record<HealthAccessKind, string> = {
  prescription_file: 'Prescription file',
  order_prescriptions: "An order's prescriptions",
  saved_prescriptions: "An order's saved prescriptions",
  order_patient: "An order's patient record",
};

/** The details kept with each entry. */
export const healthAccessDetailsSchema = z.object({
  opened: z.enum(HEALTH_ACCESS_KINDS),
  orderId: z.number().int().nullable(),
  fileId: z.number().int().nullable(),
  patientId: z.number().int().nullable(),
  /** The route, as METHOD /api/path with its parameters named. */
  route: z.string(),
});
export type HealthAccessDetails = z.infer<typeof healthAccessDetailsSchema>;

const optionalId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number().int().positive().optional(),
);

export const healthAccessQuerySchema = z.object({
  /** Only what this member of staff opened. */
  actorUserId: optionalId,
  /** Only this customer's records. */
  customerId: optionalId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type HealthAccessQuery = z.infer<typeof healthAccessQuerySchema>;

const personSchema = z.object({
  id: z.number().int(),
  /** As the account is now; null when the account is gone. */
  name: z.string().nullable(),
  email: z.string().nullable(),
});

export const healthAccessEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actor: personSchema.extend({ roleId: z.number().int().nullable() }).nullable(),
  customer: personSchema,
  details: healthAccessDetailsSchema,
});
export type HealthAccessEntry = z.infer<typeof healthAccessEntrySchema>;

export const healthAccessListResponseSchema = z.object({
  entries: z.array(healthAccessEntrySchema),
  pagination: paginationSchema,
});
export type HealthAccessListResponse = z.infer<typeof healthAccessListResponseSchema>;
