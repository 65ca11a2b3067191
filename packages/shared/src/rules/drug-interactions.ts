import type { InteractionSeverity } from '../constants/medicines';
import { interactionPairKey, normaliseIngredient } from '../schemas/drug-interactions';
import { saltIngredients } from './salt-ingredients';

/** What the check needs of a table row. */
export interface InteractionRule {
  ingredientA: string;
  ingredientB: string;
  severity: InteractionSeverity;
  effect: string;
  advice: string;
  source?: string | null;
}

/** One known interaction found between two lines (indexes into the lines given). */
export interface FoundInteraction {
  ingredientA: string;
  ingredientB: string;
  severity: InteractionSeverity;
  effect: string;
  advice: string;
  source: string | null;
  /** Every pair of lines [i, j] (i < j) it was found between. */
  between: [number, number][];
}

const SEVERITY_ORDER: Record<InteractionSeverity, number> = { major: 0, moderate: 1, minor: 2 };

/** The table indexed by its unordered pair key; build it once and reuse it for many checks. */
export function indexInteractions(table: readonly InteractionRule[]): Map<string, InteractionRule> {
  const index = new Map<string, InteractionRule>();
  for (const rule of table) index.set(interactionPairKey(rule.ingredientA, rule.ingredientB), rule);
  return index;
}

/**
 * Every known interaction between different lines. A line is a salt composition's name
 * ("Aspirin (75mg) + Clopidogrel (75mg)") or its ingredients. Pairs within one line are left out:
 * a combination product is formulated with them on purpose. The same ingredient in two lines is a
 * duplicate, not an interaction, and is left out too. Each pair comes once, major first.
 */
export function findInteractions(
  lines: readonly (string | readonly string[])[],
  table: readonly InteractionRule[] | ReadonlyMap<string, InteractionRule>,
  options: {
    /**
     * Only pairs with one of the first `firstLines` lines (the cart's or order's own, before the
     * earlier orders' lines): pairs among the rest are not looked for (issue 31, the cost).
     */
    firstLines?: number;
  } = {},
): FoundInteraction[] {
  const index =
    table instanceof Map ? table : indexInteractions(table as readonly InteractionRule[]);
  const ingredients = lines.map((line) => [
    ...new Set((typeof line === 'string' ? saltIngredients(line) : line).map(normaliseIngredient)),
  ]);
  const found = new Map<string, FoundInteraction>();
  const first = Math.min(options.firstLines ?? ingredients.length, ingredients.length);
  for (let i = 0; i < first; i += 1) {
    for (let j = i + 1; j < ingredients.length; j += 1) {
      for (const a of ingredients[i] ?? []) {
        for (const b of ingredients[j] ?? []) {
          if (a === b) continue;
          // Both already normalised: the key is interactionPairKey's, without normalising again.
          const key = a < b ? `${a}|${b}` : `${b}|${a}`;
          const rule = index.get(key);
          if (!rule) continue;
          const seen = found.get(key);
          if (seen) {
            if (!seen.between.some(([x, y]) => x === i && y === j)) seen.between.push([i, j]);
            continue;
          }
          found.set(key, {
            ingredientA: rule.ingredientA,
            ingredientB: rule.ingredientB,
            severity: rule.severity,
            effect: rule.effect,
            advice: rule.advice,
            source: rule.source ?? null,
            between: [[i, j]],
          });
        }
      }
    }
  }
  return [...found.values()].sort(
    (x, y) =>
      SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity] ||
      interactionPairKey(x.ingredientA, x.ingredientB).localeCompare(
        interactionPairKey(y.ingredientA, y.ingredientB),
      ),
  );
}
