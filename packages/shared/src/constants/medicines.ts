/**
 * Issue 30 point 5: the words and limits of a medicine information page (its monograph). Kept
 * apart from the zod schemas (schemas/medicines.ts) so the public page can show its labels
 * without loading zod.
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
