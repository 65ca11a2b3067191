import { z } from 'zod';
import { INTERACTION_SEVERITIES } from '../constants/medicines';

/**
 * Issue 31 point 4: the interactions a cart or an order answer carries (decision 0026), and the
 * pharmacist's override of a major one at approval.
 */

/**
 * Where an interaction was found: `cart` between lines of this cart or order, `recent-order`
 * between a line and an earlier order of the last 90 days, `allergy` an ingredient of a line the
 * patient is recorded as allergic to.
 */
export const INTERACTION_SOURCES = ['cart', 'recent-order', 'allergy'] as const;
export type InteractionSource = (typeof INTERACTION_SOURCES)[number];

/** A line of the cart or order being checked. */
export const interactionLinePartySchema = z.object({
  kind: z.literal('line'),
  /** The cart line's id in a cart, the order line's id in an order. */
  lineId: z.number().int(),
  productId: z.number().int().nullable(),
  productName: z.string(),
});
export type InteractionLineParty = z.infer<typeof interactionLinePartySchema>;

export const interactionPartySchema = z.discriminatedUnion('kind', [
  interactionLinePartySchema,
  z.object({
    kind: z.literal('order'),
    orderId: z.number().int(),
    orderedAt: z.string(),
    productId: z.number().int().nullable(),
    productName: z.string(),
  }),
  z.object({
    kind: z.literal('allergy'),
    patientId: z.number().int().nullable(),
    patientName: z.string().nullable(),
    allergen: z.string(),
  }),
]);
export type InteractionParty = z.infer<typeof interactionPartySchema>;

export const interactionFindingSchema = z.object({
  /** The unordered ingredient pair (`aspirin|clopidogrel`), or `allergy:<ingredient>`. */
  pairKey: z.string(),
  ingredientA: z.string(),
  ingredientB: z.string(),
  severity: z.enum(INTERACTION_SEVERITIES),
  effect: z.string(),
  advice: z.string(),
  /** The table row's reference (BNF, Stockley…), if it names one. */
  reference: z.string().nullable(),
  source: z.enum(INTERACTION_SOURCES),
  /** Every place it was found: a line of this cart or order, with what it meets. */
  between: z.array(z.object({ line: interactionLinePartySchema, with: interactionPartySchema })),
});
export type InteractionFinding = z.infer<typeof interactionFindingSchema>;

export const interactionFindingsSchema = z.array(interactionFindingSchema);

export const INTERACTION_OVERRIDE_LIMITS = { reasonMin: 10, reasonMax: 1000 } as const;

export const INTERACTION_OVERRIDE_MESSAGES = {
  reason: `Say in a sentence why the order may be approved despite the interaction (${INTERACTION_OVERRIDE_LIMITS.reasonMin} to ${INTERACTION_OVERRIDE_LIMITS.reasonMax} characters).`,
  blocked: (found: string) =>
    `This order has a major interaction: ${found}. Approve it only with an override reason (interactionOverrideReason), or reject the prescription.`,
} as const;

/** The pharmacist's reason for approving an order despite a major interaction or an allergy. */
export const interactionOverrideReasonSchema = z
  .string({ error: INTERACTION_OVERRIDE_MESSAGES.reason })
  .trim()
  .min(INTERACTION_OVERRIDE_LIMITS.reasonMin, INTERACTION_OVERRIDE_MESSAGES.reason)
  .max(INTERACTION_OVERRIDE_LIMITS.reasonMax, INTERACTION_OVERRIDE_MESSAGES.reason);

/** An override recorded at approval, as the admin order page lists it. */
export const interactionOverrideSchema = z.object({
  id: z.number().int(),
  pairKey: z.string(),
  /** The pair's ingredients as the key holds them (lower case), one for an allergy. */
  ingredients: z.array(z.string()),
  severity: z.enum(INTERACTION_SEVERITIES),
  reason: z.string(),
  pharmacistId: z.number().int().nullable(),
  pharmacistName: z.string().nullable(),
  createdAt: z.string(),
});
export type InteractionOverride = z.infer<typeof interactionOverrideSchema>;
