import { z } from 'zod';
import { paginationSchema } from './common';
import { productSchema } from './catalog';

/**
 * Issue 30 point 5: the medicine information page of a salt composition (its monograph), written
 * by the pharmacy as structured sections, saved as a draft, and public only once a registered
 * pharmacist has reviewed it. One schema validates the admin's editor, the API and the demo
 * seed's content files.
 */

/** The topics of the safety advice, in the order the page shows them. */
export const SAFETY_TOPICS = [
  'alcohol',
  'pregnancy',
  'breastfeeding',
  'driving',
  'kidney',
  'liver',
] as const;
export type SafetyTopic = (typeof SAFETY_TOPICS)[number];

export const SAFETY_TOPIC_LABELS: Record<SafetyTopic, string> = {
  alcohol: 'Alcohol',
  pregnancy: 'Pregnancy',
  breastfeeding: 'Breastfeeding',
  driving: 'Driving',
  kidney: 'Kidney',
  liver: 'Liver',
};

/** How safe the medicine is for one topic, from safest to least safe. */
export const SAFETY_LEVELS = [
  'safe',
  'safe-if-prescribed',
  'caution',
  'consult-doctor',
  'unsafe',
  'not-applicable',
] as const;
export type SafetyLevel = (typeof SAFETY_LEVELS)[number];

/** The word shown with each level: the page never tells a level by its colour alone. */
export const SAFETY_LEVEL_LABELS: Record<SafetyLevel, string> = {
  safe: 'Safe',
  'safe-if-prescribed': 'Safe if prescribed',
  caution: 'Caution',
  'consult-doctor': 'Consult your doctor',
  unsafe: 'Unsafe',
  'not-applicable': 'Not applicable',
};

export const INTERACTION_SEVERITIES = ['major', 'moderate', 'minor'] as const;
export type InteractionSeverity = (typeof INTERACTION_SEVERITIES)[number];

export const INTERACTION_SEVERITY_LABELS: Record<InteractionSeverity, string> = {
  major: 'Major',
  moderate: 'Moderate',
  minor: 'Minor',
};

/** Where a salt's information stands for the admin's list. */
export const MEDICINE_STATUSES = ['none', 'draft', 'published', 'draft-newer'] as const;
export type MedicineStatus = (typeof MEDICINE_STATUSES)[number];

export const MEDICINE_STATUS_LABELS: Record<MedicineStatus, string> = {
  none: 'No content',
  draft: 'Draft, not published',
  published: 'Published',
  'draft-newer': 'Draft newer than published',
};

export const MEDICINE_LIMITS = {
  summary: 600,
  text: 2_000,
  item: 300,
  uses: 20,
  sideEffects: 40,
  interactions: 40,
  interactionWith: 120,
  advice: 600,
  reviewerName: 120,
  registrationNumber: 60,
} as const;

/** Products shown on a medicine page, cheapest first; the shop listing has the rest. */
export const MEDICINE_PRODUCTS_SHOWN = 24;
export const MEDICINE_PAGE_SIZE = 50;

export const MEDICINE_MESSAGES = {
  notFound: 'No medicine information found for this salt composition.',
  summary: `Summary is required (at most ${MEDICINE_LIMITS.summary} characters).`,
  uses: `List at least one use (at most ${MEDICINE_LIMITS.uses}).`,
  useItem: `Each use must be 1 to ${MEDICINE_LIMITS.item} characters.`,
  howItWorks: `How it works is required (at most ${MEDICINE_LIMITS.text} characters).`,
  sideEffects: `List at most ${MEDICINE_LIMITS.sideEffects} side effects.`,
  sideEffectItem: `Each side effect must be 1 to ${MEDICINE_LIMITS.item} characters.`,
  safetyLevel: 'Choose a safety level from the list.',
  safetyAdvice: `Safety advice is required (at most ${MEDICINE_LIMITS.advice} characters).`,
  howToTake: `How to take it is required (at most ${MEDICINE_LIMITS.text} characters).`,
  missedDose: `Missed dose advice is required (at most ${MEDICINE_LIMITS.text} characters).`,
  storage: `Storage advice is required (at most ${MEDICINE_LIMITS.advice} characters).`,
  interactions: `List at most ${MEDICINE_LIMITS.interactions} interactions.`,
  interactionWith: `Name what it interacts with (1 to ${MEDICINE_LIMITS.interactionWith} characters).`,
  interactionSeverity: 'Choose the severity: major, moderate or minor.',
  interactionEffect: `Describe the effect (1 to ${MEDICINE_LIMITS.advice} characters).`,
  interactionAdvice: `Give the advice (1 to ${MEDICINE_LIMITS.advice} characters).`,
  reviewerName: `Reviewer name is required (at most ${MEDICINE_LIMITS.reviewerName} characters).`,
  registrationNumber: `Registration number is required (at most ${MEDICINE_LIMITS.registrationNumber} characters).`,
  noDraft: 'There is no draft to review: save the information as a draft first.',
  draftSaved: 'Draft saved. The public page is unchanged until a pharmacist reviews it.',
  published: 'Reviewed and published.',
  preparing:
    'Information about this medicine is being prepared and reviewed by our pharmacists. Meanwhile, ask your doctor or pharmacist about how to use it.',
  notAdvice:
    'This information is for your general knowledge and does not replace the advice of your doctor. Talk to your doctor or pharmacist before starting, stopping or changing a medicine.',
} as const;

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
