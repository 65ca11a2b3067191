import { z } from 'zod';
import { paginationSchema } from './common';
import { productSchema } from './catalog';
import {
  SAFETY_LEVELS,
  INTERACTION_SEVERITIES,
  MEDICINE_STATUSES,
  MEDICINE_LIMITS,
  MEDICINE_PAGE_SIZE,
  MEDICINE_MESSAGES,
  type SafetyLevel,
} from '../constants/medicines';

/**
 * Issue 30 point 5: the medicine information page of a salt composition (its monograph), written
 * by the pharmacy as structured sections, saved as a draft, and public only once a registered
 * pharmacist has reviewed it. One schema validates the admin's editor, the API and the demo
 * seed's content files.
 */

export * from '../constants/medicines';

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

const list = (
  item: z.ZodString,
  options: { min: number; max: number; message: string },
): z.ZodArray<z.ZodString> =>
  z
    .array(item, { error: options.message })
    .min(options.min, options.message)
    .max(options.max, options.message);

const safetyAdviceSchema = z.object({
  level: z.enum(SAFETY_LEVELS, { error: MEDICINE_MESSAGES.safetyLevel }),
  advice: text(MEDICINE_LIMITS.advice, MEDICINE_MESSAGES.safetyAdvice),
});
export type SafetyAdvice = z.infer<typeof safetyAdviceSchema>;

export const interactionSchema = z.object({
  with: text(MEDICINE_LIMITS.interactionWith, MEDICINE_MESSAGES.interactionWith),
  severity: z.enum(INTERACTION_SEVERITIES, { error: MEDICINE_MESSAGES.interactionSeverity }),
  effect: text(MEDICINE_LIMITS.advice, MEDICINE_MESSAGES.interactionEffect),
  advice: text(MEDICINE_LIMITS.advice, MEDICINE_MESSAGES.interactionAdvice),
});
export type Interaction = z.infer<typeof interactionSchema>;

/** The sections of a medicine's information: what the editor saves and the page shows. */
export const medicineContentSchema = z.object({
  summary: text(MEDICINE_LIMITS.summary, MEDICINE_MESSAGES.summary),
  uses: list(text(MEDICINE_LIMITS.item, MEDICINE_MESSAGES.useItem), {
    min: 1,
    max: MEDICINE_LIMITS.uses,
    message: MEDICINE_MESSAGES.uses,
  }),
  howItWorks: text(MEDICINE_LIMITS.text, MEDICINE_MESSAGES.howItWorks),
  sideEffectsCommon: list(text(MEDICINE_LIMITS.item, MEDICINE_MESSAGES.sideEffectItem), {
    min: 0,
    max: MEDICINE_LIMITS.sideEffects,
    message: MEDICINE_MESSAGES.sideEffects,
  }),
  sideEffectsSerious: list(text(MEDICINE_LIMITS.item, MEDICINE_MESSAGES.sideEffectItem), {
    min: 0,
    max: MEDICINE_LIMITS.sideEffects,
    message: MEDICINE_MESSAGES.sideEffects,
  }),
  safety: z.object({
    alcohol: safetyAdviceSchema,
    pregnancy: safetyAdviceSchema,
    breastfeeding: safetyAdviceSchema,
    driving: safetyAdviceSchema,
    kidney: safetyAdviceSchema,
    liver: safetyAdviceSchema,
  }),
  howToTake: text(MEDICINE_LIMITS.text, MEDICINE_MESSAGES.howToTake),
  missedDose: text(MEDICINE_LIMITS.text, MEDICINE_MESSAGES.missedDose),
  storage: text(MEDICINE_LIMITS.advice, MEDICINE_MESSAGES.storage),
  interactions: z
    .array(interactionSchema, { error: MEDICINE_MESSAGES.interactions })
    .max(MEDICINE_LIMITS.interactions, MEDICINE_MESSAGES.interactions),
});
export type MedicineContent = z.infer<typeof medicineContentSchema>;
export type MedicineContentInput = z.input<typeof medicineContentSchema>;

/** One entry of the demo seed's content files: the exact salt composition name and its sections. */
export const medicineSeedEntrySchema = medicineContentSchema
  .extend({ salt: z.string().trim().min(1, 'salt: name the salt composition exactly.') })
  .strict();
export const medicineSeedFileSchema = z.array(medicineSeedEntrySchema);
export type MedicineSeedEntry = z.infer<typeof medicineSeedEntrySchema>;

/** "Review and publish": the pharmacist who checked the draft, as their council registers them. */
export const medicineReviewInputSchema = z.object({
  reviewerName: text(MEDICINE_LIMITS.reviewerName, MEDICINE_MESSAGES.reviewerName),
  registrationNumber: text(
    MEDICINE_LIMITS.registrationNumber,
    MEDICINE_MESSAGES.registrationNumber,
  ),
});
export type MedicineReviewInput = z.infer<typeof medicineReviewInputSchema>;

export const medicineReviewSchema = z.object({
  reviewerName: z.string(),
  registrationNumber: z.string(),
  /** When the pharmacist reviewed it (ISO instant): the page's "Last reviewed" date. */
  reviewedAt: z.string(),
});
export type MedicineReview = z.infer<typeof medicineReviewSchema>;

export const medicineSlugParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(220)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: use lower-case letters, digits and hyphens.'),
});

export const medicineSaltSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export type MedicineSalt = z.infer<typeof medicineSaltSchema>;

/**
 * A product containing the salt, as product cards show it, with what it saves against the
 * dearest product of the salt (decimal rupees, like the substitutes' answer).
 */
export const medicineProductSchema = productSchema.extend({
  savingsPerUnit: z.number(),
  savingsPercent: z.number().int(),
});
export type MedicineProduct = z.infer<typeof medicineProductSchema>;

/** GET /api/medicines/{slug}: the public page. */
export const medicinePageSchema = z.object({
  salt: medicineSaltSchema,
  /** The last published version; null while the information is being prepared. */
  content: medicineContentSchema.nullable(),
  review: medicineReviewSchema.nullable(),
  /** Active products containing the salt, cheapest first (at most MEDICINE_PRODUCTS_SHOWN). */
  products: z.array(medicineProductSchema),
  /** Every active product of the salt (the shop listing shows them all). */
  productCount: z.number().int(),
  /** Whether any product of the salt needs a prescription / all of them do. */
  prescription: z.enum(['required', 'not-required', 'mixed', 'unknown']),
});
export type MedicinePage = z.infer<typeof medicinePageSchema>;

export const medicineListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(MEDICINE_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  /** 'true': only salts with reviewed information. */
  reviewed: z.enum(['true', 'false']).optional(),
});
export type MedicineListQuery = z.infer<typeof medicineListQuerySchema>;

/** GET /api/medicines: salts with their page's address, for list pages and the sitemap. */
export const medicineListSchema = z.object({
  medicines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      reviewed: z.boolean(),
      /** When the published information was last reviewed (ISO instant), else null. */
      lastReviewedAt: z.string().nullable(),
    }),
  ),
  pagination: paginationSchema,
});
export type MedicineList = z.infer<typeof medicineListSchema>;

export const medicineAdminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100).optional(),
  status: z.enum(MEDICINE_STATUSES).optional(),
});
export type MedicineAdminListQuery = z.infer<typeof medicineAdminListQuerySchema>;

export const medicineAdminListSchema = z.object({
  medicines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      status: z.enum(MEDICINE_STATUSES),
      draftSavedAt: z.string().nullable(),
      reviewedAt: z.string().nullable(),
      productCount: z.number().int(),
    }),
  ),
  pagination: paginationSchema,
});
export type MedicineAdminList = z.infer<typeof medicineAdminListSchema>;

/** GET /api/admin/medicines/{slug}: the draft and the published version side by side. */
export const medicineAdminSchema = z.object({
  salt: medicineSaltSchema,
  status: z.enum(MEDICINE_STATUSES),
  draft: z
    .object({
      content: medicineContentSchema,
      savedAt: z.string(),
      savedBy: z.string().nullable(),
    })
    .nullable(),
  published: z
    .object({
      content: medicineContentSchema,
      review: medicineReviewSchema,
    })
    .nullable(),
});
export type MedicineAdmin = z.infer<typeof medicineAdminSchema>;

export const medicineWriteResponseSchema = medicineAdminSchema.extend({ message: z.string() });
export type MedicineWriteResponse = z.infer<typeof medicineWriteResponseSchema>;

/** An empty monograph for the editor: every safety topic asks for a choice. */
export function emptyMedicineContent(): MedicineContentInput {
  const topic = () => ({ level: 'consult-doctor' as SafetyLevel, advice: '' });
  return {
    summary: '',
    uses: [''],
    howItWorks: '',
    sideEffectsCommon: [],
    sideEffectsSerious: [],
    safety: {
      alcohol: topic(),
      pregnancy: topic(),
      breastfeeding: topic(),
      driving: topic(),
      kidney: topic(),
      liver: topic(),
    },
    howToTake: '',
    missedDose: '',
    storage: '',
    interactions: [],
  };
}
