import { z } from 'zod';
import { paginationSchema } from './common';
import { INTERACTION_SEVERITIES } from '../constants/medicines';

/**
 * Issue 31 point 4: the drug interaction table. A row names two active ingredients (generic names
 * as `saltIngredients()` extracts them from a salt composition), so one row covers every brand
 * and combination that contains them. One schema validates the admin's dialog, the API, the CSV
 * import and the demo seed's data file.
 */

export const DRUG_INTERACTION_LIMITS = {
  ingredient: 120,
  effect: 600,
  advice: 600,
  source: 300,
  search: 120,
} as const;

export const DRUG_INTERACTION_PAGE_SIZE = 25;

export const DRUG_INTERACTION_MESSAGES = {
  ingredientA: 'Enter the first ingredient (up to 120 characters), e.g. Clopidogrel.',
  ingredientB: 'Enter the second ingredient (up to 120 characters), e.g. Omeprazole.',
  sameIngredient: 'An interaction needs two different ingredients.',
  severity: 'Choose the severity: major, moderate or minor.',
  effect: 'Say what happens (up to 600 characters).',
  advice: 'Say what to do (up to 600 characters).',
  source: 'The source may have up to 300 characters.',
  duplicate: 'An interaction between these two ingredients is already in the table.',
  notFound: 'This interaction is not in the table.',
  created: 'Interaction added.',
  updated: 'Interaction saved.',
  deleted: 'Interaction deleted.',
} as const;

/**
 * How an ingredient name is compared and stored in the pair's key: trimmed, spaces collapsed,
 * lower case, so "Clopidogrel" and " clopidogrel " are one ingredient.
 */
export function normaliseIngredient(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The unordered pair's key: both normalised names in alphabetical order. */
export function interactionPairKey(a: string, b: string): string {
  const [first, second] = [normaliseIngredient(a), normaliseIngredient(b)].sort();
  return `${first ?? ''}|${second ?? ''}`;
}

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const drugInteractionInputSchema = z
  .object({
    ingredientA: text(DRUG_INTERACTION_LIMITS.ingredient, DRUG_INTERACTION_MESSAGES.ingredientA),
    ingredientB: text(DRUG_INTERACTION_LIMITS.ingredient, DRUG_INTERACTION_MESSAGES.ingredientB),
    severity: z.enum(INTERACTION_SEVERITIES, { error: DRUG_INTERACTION_MESSAGES.severity }),
    effect: text(DRUG_INTERACTION_LIMITS.effect, DRUG_INTERACTION_MESSAGES.effect),
    advice: text(DRUG_INTERACTION_LIMITS.advice, DRUG_INTERACTION_MESSAGES.advice),
    // An empty source is "none": the form's empty field and the CSV's empty cell mean the same.
    source: z
      .string({ error: DRUG_INTERACTION_MESSAGES.source })
      .trim()
      .max(DRUG_INTERACTION_LIMITS.source, DRUG_INTERACTION_MESSAGES.source)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .refine((row) => normaliseIngredient(row.ingredientA) !== normaliseIngredient(row.ingredientB), {
    message: DRUG_INTERACTION_MESSAGES.sameIngredient,
    path: ['ingredientB'],
  });
export type DrugInteractionInput = z.input<typeof drugInteractionInputSchema>;
export type DrugInteractionData = z.output<typeof drugInteractionInputSchema>;

export const drugInteractionSchema = z.object({
  id: z.number().int(),
  ingredientA: z.string(),
  ingredientB: z.string(),
  severity: z.enum(INTERACTION_SEVERITIES),
  effect: z.string(),
  advice: z.string(),
  source: z.string().nullable(),
  updatedAt: z.string(),
});
export type DrugInteraction = z.infer<typeof drugInteractionSchema>;

export const drugInteractionIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const drugInteractionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(DRUG_INTERACTION_LIMITS.search).optional(),
  severity: z.enum(INTERACTION_SEVERITIES).optional(),
});
export type DrugInteractionListQuery = z.infer<typeof drugInteractionListQuerySchema>;

export const drugInteractionListSchema = z.object({
  interactions: z.array(drugInteractionSchema),
  pagination: paginationSchema,
});
export type DrugInteractionList = z.infer<typeof drugInteractionListSchema>;

export const drugInteractionWriteResponseSchema = z.object({
  interaction: drugInteractionSchema,
  message: z.string(),
});

/** The demo seed's data file: a list of rows, each a valid input. */
export const drugInteractionSeedSchema = z.array(drugInteractionInputSchema);

/**
 * The CSV import's columns (decision 0026). DDInter's `Drug_A,Drug_B,Level` maps onto the first
 * three by renaming the columns and lower-casing the level.
 */
export const DRUG_INTERACTION_CSV_COLUMNS = [
  'ingredient_a',
  'ingredient_b',
  'severity',
  'effect',
  'advice',
  'source',
] as const;
