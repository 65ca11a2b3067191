import { z } from 'zod';
import { paginationSchema } from './common';

/** What the audit trail records (issue 16 point 7, docs/security.md "Audit chain"). */
export const AUDIT_ACTIONS = [
  'order.status_changed',
  'prescription.approved',
  'prescription.rejected',
  'product.price_changed',
  'stock.received',
  'stock.adjusted',
  'stock.written_off',
  'stock.recalled',
  'user.role_changed',
  'register.h1_entry',
  'tax_document.issued',
  'catalog.imported',
  'contact_message.handled',
  'contact_message.reopened',
  'order.cancelled',
  'order.address_changed',
  'refund.issued',
  'refund.settled',
  'refund.failed',
  'return.requested',
  'return.status_changed',
  'coupon.created',
  'coupon.updated',
  'delivery.area_saved',
  'delivery.area_deleted',
  'delivery.areas_imported',
  'delivery.calendar_saved',
  'courier.saved',
  'shipment.dispatched',
  'shipment.event_recorded',
  'medicine.draft_saved',
  'medicine.published',
  'interaction.created',
  'interaction.updated',
  'interaction.deleted',
  'interaction.overridden',
  'patient.created',
  'patient.updated',
  'patient.archived',
  'prescription.saved_used',
  'user.data_exported',
  'user.erased',
  'user.signed_out_everywhere',
  'consent.changed',
  'staff.invited',
  'staff.invitation_revoked',
  'staff.invitation_accepted',
  'staff.deactivated',
  'staff.reactivated',
  'health.accessed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'order.status_changed': 'Order status changed',
  'prescription.approved': 'Prescription approved',
  'prescription.rejected': 'Prescription rejected',
  'product.price_changed': 'Price changed',
  'stock.received': 'Stock received',
  'stock.adjusted': 'Stock adjusted',
  'stock.written_off': 'Stock written off',
  'stock.recalled': 'Batch recalled',
  'user.role_changed': 'Role changed',
  'register.h1_entry': 'H1 register entry',
  'tax_document.issued': 'Invoice or credit note issued',
  'catalog.imported': 'Catalogue imported',
  'contact_message.handled': 'Contact message handled',
  'contact_message.reopened': 'Contact message reopened',
  'return.requested': 'Return or damage report requested',
  'return.status_changed': 'Return request updated',
  'order.cancelled': 'Order cancelled',
  'order.address_changed': 'Delivery address changed',
  'refund.issued': 'Refund issued',
  'refund.settled': 'Refund settled by the payment provider',
  'refund.failed': 'Refund failed at the payment provider',
  'coupon.created': 'Coupon created',
  'coupon.updated': 'Coupon edited',
  'delivery.area_saved': 'Delivery area saved',
  'delivery.area_deleted': 'Delivery area removed',
  'delivery.areas_imported': 'Delivery areas imported',
  'delivery.calendar_saved': 'Dispatch calendar saved',
  'courier.saved': 'Courier saved',
  'shipment.dispatched': 'Parcel dispatched',
  'shipment.event_recorded': 'Parcel tracking event recorded',
  'medicine.draft_saved': 'Medicine information draft saved',
  'medicine.published': 'Medicine information reviewed and published',
  'interaction.created': 'Drug interaction added',
  'interaction.updated': 'Drug interaction edited',
  'interaction.deleted': 'Drug interaction deleted',
  'interaction.overridden': 'Major drug interaction overridden at approval',
  'patient.created': 'Patient added',
  'patient.updated': 'Patient edited',
  'patient.archived': 'Patient removed',
  'prescription.saved_used': 'Saved prescription used for an order',
  'user.data_exported': 'Customer downloaded their data',
  'user.erased': 'Customer deleted their account',
  'user.signed_out_everywhere': 'Signed out everywhere',
  'consent.changed': 'Marketing consent changed',
  'staff.invited': 'Member of staff invited',
  'staff.invitation_revoked': 'Staff invitation revoked',
  'staff.invitation_accepted': 'Staff invitation accepted',
  'staff.deactivated': 'Staff account deactivated',
  'staff.reactivated': 'Staff account reactivated',
  'health.accessed': 'Health data opened',
};

/** The first entry of the chain links to this "previous hash". */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

export const AUDIT_PAGE_SIZE_MAX = 100;

export const auditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(20),
  action: z.enum(AUDIT_ACTIONS).optional(),
  entityType: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z0-9_]*$/, 'Entity type may use a-z, 0-9 and _ only')
    .optional()
    .transform((v) => (v ? v : undefined)),
  entityId: z
    .string()
    .trim()
    .max(80)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorUserId: z.number().int().nullable(),
  /** The actor's name and e-mail as they are now (null when there is no actor or it is gone). */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const auditMismatchSchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  action: z.string(),
  reason: z.string(),
});
export type AuditMismatch = z.infer<typeof auditMismatchSchema>;

export const auditVerifyResponseSchema = z.object({
  ok: z.boolean(),
  /** Entries checked: all of them when ok, those before the first mismatch otherwise. */
  entries: z.number().int(),
  /** The hash of the last entry that matched (the genesis hash for an empty log). */
  headHash: z.string(),
  firstMismatch: auditMismatchSchema.optional(),
  checkedAt: z.string(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;
