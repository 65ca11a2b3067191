import { z } from 'zod';
import { AWB_PATTERN, AWB_PLACEHOLDER, SHIPMENT_EVENT_KINDS } from '../rules/shipments';

/** Issue 29 point 4: couriers, an order's parcels and what happened to them. */
export const SHIPMENT_MESSAGES = {
  courierName: 'Courier name must be 1 to 60 characters.',
  trackingUrl: `Tracking URL must be an https:// address with ${AWB_PLACEHOLDER} where the tracking number goes.`,
  courierId: 'Choose a courier.',
  awb: 'Tracking number must be 4 to 40 letters, digits or hyphens.',
  note: 'Note must be at most 200 characters.',
  kind: `Event must be one of ${SHIPMENT_EVENT_KINDS.join(', ')}.`,
  occurredAt: 'When must be a date and time, not in the future.',
  location: 'Location must be at most 80 characters.',
} as const;

export const courierInputSchema = z.object({
  name: z
    .string({ error: SHIPMENT_MESSAGES.courierName })
    .trim()
    .min(1, SHIPMENT_MESSAGES.courierName)
    .max(60, SHIPMENT_MESSAGES.courierName),
  trackingUrlTemplate: z
    .string({ error: SHIPMENT_MESSAGES.trackingUrl })
    .trim()
    .max(300, SHIPMENT_MESSAGES.trackingUrl)
    .refine(
      (value) => /^https:\/\/[^\s]+$/.test(value) && value.includes(AWB_PLACEHOLDER),
      SHIPMENT_MESSAGES.trackingUrl,
    ),
  isActive: z.boolean().default(true),
});
export type CourierInput = z.infer<typeof courierInputSchema>;

export const courierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  trackingUrlTemplate: z.string(),
  isActive: z.boolean(),
});
export type Courier = z.infer<typeof courierSchema>;
export const courierListSchema = z.object({ couriers: z.array(courierSchema) });

const awb = z
  .string({ error: SHIPMENT_MESSAGES.awb })
  .trim()
  .regex(AWB_PATTERN, SHIPMENT_MESSAGES.awb);
const note = z
  .string({ error: SHIPMENT_MESSAGES.note })
  .trim()
  .max(200, SHIPMENT_MESSAGES.note)
  .nullable()
  .default(null);

export const shipmentInputSchema = z.object({
  courierId: z
    .number({ error: SHIPMENT_MESSAGES.courierId })
    .int(SHIPMENT_MESSAGES.courierId)
    .min(1, SHIPMENT_MESSAGES.courierId)
    .max(2_147_483_647, SHIPMENT_MESSAGES.courierId),
  awb,
  note,
});
export type ShipmentInput = z.infer<typeof shipmentInputSchema>;

/** An event time: ISO 8601 with its offset, this century (a year 0 would not survive the database). */
const eventTime = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine((value) => {
    const at = Date.parse(value);
    return Number.isFinite(at) && at >= Date.UTC(2000, 0, 1) && at < Date.UTC(2100, 0, 1);
  }, message);

export const shipmentEventInputSchema = z.object({
  kind: z.enum(SHIPMENT_EVENT_KINDS, { error: SHIPMENT_MESSAGES.kind }),
  /** Default: now. */
  occurredAt: eventTime(SHIPMENT_MESSAGES.occurredAt).optional(),
  location: z
    .string({ error: SHIPMENT_MESSAGES.location })
    .trim()
    .max(80, SHIPMENT_MESSAGES.location)
    .nullable()
    .default(null),
  note,
});
export type ShipmentEventInput = z.infer<typeof shipmentEventInputSchema>;

export const shipmentEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SHIPMENT_EVENT_KINDS),
  occurredAt: z.string(),
  location: z.string().nullable(),
  note: z.string().nullable(),
  source: z.enum(['admin', 'courier']),
});

export const shipmentSchema = z.object({
  id: z.number().int(),
  courier: z.object({ id: z.number().int(), name: z.string() }),
  awb: z.string(),
  trackingUrl: z.string(),
  status: z.enum(['dispatched', ...SHIPMENT_EVENT_KINDS]),
  note: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  events: z.array(shipmentEventSchema),
});
export type Shipment = z.infer<typeof shipmentSchema>;
export const shipmentListSchema = z.object({ shipments: z.array(shipmentSchema) });

/**
 * The courier webhook's body (docs/decisions/0023): signed with HMAC-SHA256 of the exact bytes
 * and COURIER_WEBHOOK_SECRET, hex, in X-Courier-Signature.
 */
export const courierWebhookSchema = z.object({
  eventId: z.string().trim().min(1).max(80),
  courier: z.string().trim().min(1).max(60),
  awb,
  event: z.enum(SHIPMENT_EVENT_KINDS),
  occurredAt: eventTime(SHIPMENT_MESSAGES.occurredAt),
  location: z.string().trim().max(80).nullable().optional(),
  note: z.string().trim().max(200).nullable().optional(),
});
export type CourierWebhook = z.infer<typeof courierWebhookSchema>;
