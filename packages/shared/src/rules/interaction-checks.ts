import { ORDER_STATUS, type OrderStatusId } from '../constants/order-status';
import type {
  InteractionFinding,
  InteractionLineParty,
  InteractionParty,
  InteractionSource,
} from '../schemas/interaction-checks';
import { interactionPairKey, normaliseIngredient } from '../schemas/drug-interactions';
import { findInteractions, type InteractionRule } from './drug-interactions';
import { saltIngredients } from './salt-ingredients';

/**
 * Issue 31 point 4 (decision 0026): which earlier orders a cart or an order is checked against.
 * An order counts while it was placed at most this many days before the reference (the cart's
 * "now", the order's own placement), both ends of the window included.
 */
export const INTERACTION_LOOKBACK_DAYS = 90;
const DAY_MS = 86_400_000;

/** The earliest placement time that still counts as a recent order. */
export function interactionWindowStart(reference: Date): Date {
  return new Date(reference.getTime() - INTERACTION_LOOKBACK_DAYS * DAY_MS);
}

/**
 * Whether an order placed at `placedAt` is recent for a check made for `reference`. An order
 * placed after the reference counts too: an order under review is checked against the ones the
 * member placed since (both are in the patient's cupboard by the time either is dispensed).
 */
export function isRecentForInteractions(placedAt: Date | string, reference: Date): boolean {
  return new Date(placedAt).getTime() >= interactionWindowStart(reference).getTime();
}

/**
 * The statuses of an earlier order that put its medicine in the patient's hands: paid or
 * confirmed (waiting for the pharmacist, accepted, packing) or on its way and delivered.
 * Left out: checkouts never finished (New, Collecting Address or Prescription, Payment), which an
 * abandoned basket leaves behind and would warn about medicine never bought, and Cancelled,
 * whose units never left or came back.
 */
export const INTERACTION_HISTORY_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.WAITING_TO_ACCEPT,
  ORDER_STATUS.ACCEPTED,
  ORDER_STATUS.PACKING,
  ORDER_STATUS.DISPATCHED,
  ORDER_STATUS.DELIVERED,
];

export function countsForInteractions(statusId: number): boolean {
  return (INTERACTION_HISTORY_STATUSES as readonly number[]).includes(statusId);
}

/** A line of the cart or order being checked, with its product's salt composition. */
export interface CheckedLine {
  lineId: number;
  productId: number | null;
  productName: string;
  saltName: string | null;
}

/** A line of an earlier order of the same member (or patient). */
export interface HistoryLine {
  orderId: number;
  orderedAt: string;
  productId: number | null;
  productName: string;
  saltName: string | null;
}

/** A recorded allergy: a salt composition's name or one ingredient. */
export interface RecordedAllergy {
  patientId: number | null;
  patientName: string | null;
  allergen: string;
}

/** The pair key an allergy's finding (and its override) is known by. */
export const allergyPairKey = (ingredient: string) => `allergy:${normaliseIngredient(ingredient)}`;

export const ALLERGY_TEXTS = {
  ingredientB: 'a recorded allergy',
  effect: 'An allergy to this ingredient is recorded for the patient.',
  advice:
    'Do not take it before talking to our pharmacist, who checks with the prescriber and may suggest another medicine.',
} as const;

const SEVERITY_ORDER = { major: 0, moderate: 1, minor: 2 } as const;
const SOURCE_ORDER: Record<InteractionSource, number> = {
  cart: 0,
  allergy: 1,
  'recent-order': 2,
};

const lineParty = (line: CheckedLine): InteractionLineParty => ({
  kind: 'line',
  lineId: line.lineId,
  productId: line.productId,
  productName: line.productName,
});

/**
 * Every interaction of a cart or an order (issue 31 point 4): between its own lines (`cart`),
 * between a line and a line of an earlier order (`recent-order`; pairs among earlier orders alone
 * are not this order's business), and an ingredient of a line the patient is recorded as allergic
 * to (`allergy`, always major). Major first, then by source and pair.
 */
export function interactionFindings(
  input: {
    lines: readonly CheckedLine[];
    history: readonly HistoryLine[];
    allergies: readonly RecordedAllergy[];
  },
  table: readonly InteractionRule[] | ReadonlyMap<string, InteractionRule>,
): InteractionFinding[] {
  const lines = input.lines.filter((line) => line.saltName);
  const history = input.history.filter((line) => line.saltName);
  const found = findInteractions(
    [...lines, ...history].map((line) => line.saltName ?? ''),
    table,
    { firstLines: lines.length },
  );
  const findings = new Map<string, InteractionFinding>();
  const add = (
    key: string,
    source: InteractionSource,
    base: Omit<InteractionFinding, 'source' | 'between'>,
    pair: { line: InteractionLineParty; with: InteractionParty },
  ) => {
    const id = `${source}#${key}`;
    const finding = findings.get(id) ?? { ...base, source, between: [] };
    finding.between.push(pair);
    findings.set(id, finding);
  };

  for (const interaction of found) {
    const { between, source: reference, ...fields } = interaction;
    const rest = { ...fields, reference };
    const pairKey = interactionPairKey(rest.ingredientA, rest.ingredientB);
    for (const [i, j] of between) {
      const first = lines[i];
      if (!first) continue; // both from earlier orders
      const second = lines[j];
      if (second) {
        add(
          pairKey,
          'cart',
          { ...rest, pairKey },
          { line: lineParty(first), with: lineParty(second) },
        );
        continue;
      }
      const earlier = history[j - lines.length];
      if (!earlier) continue;
      add(
        pairKey,
        'recent-order',
        { ...rest, pairKey },
        {
          line: lineParty(first),
          with: {
            kind: 'order',
            orderId: earlier.orderId,
            orderedAt: earlier.orderedAt,
            productId: earlier.productId,
            productName: earlier.productName,
          },
        },
      );
    }
  }

  const allergens = input.allergies.map((allergy) => ({
    allergy,
    ingredients: new Set(saltIngredients(allergy.allergen).map(normaliseIngredient)),
  }));
  for (const line of lines) {
    for (const ingredient of new Set(saltIngredients(line.saltName ?? ''))) {
      for (const { allergy, ingredients } of allergens) {
        if (!ingredients.has(normaliseIngredient(ingredient))) continue;
        const pairKey = allergyPairKey(ingredient);
        add(
          pairKey,
          'allergy',
          {
            pairKey,
            ingredientA: ingredient,
            ingredientB: ALLERGY_TEXTS.ingredientB,
            severity: 'major',
            effect: ALLERGY_TEXTS.effect,
            advice: ALLERGY_TEXTS.advice,
            reference: null,
          },
          {
            line: lineParty(line),
            with: {
              kind: 'allergy',
              patientId: allergy.patientId,
              patientName: allergy.patientName,
              allergen: allergy.allergen,
            },
          },
        );
      }
    }
  }

  return [...findings.values()].sort(
    (x, y) =>
      SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity] ||
      SOURCE_ORDER[x.source] - SOURCE_ORDER[y.source] ||
      x.pairKey.localeCompare(y.pairKey),
  );
}

/** The findings an approval must override: every major one, allergies included. */
export const findingsBlockingApproval = (findings: readonly InteractionFinding[]) =>
  findings.filter((finding) => finding.severity === 'major');

const partyName = (party: InteractionParty): string =>
  party.kind === 'allergy'
    ? `${party.patientName ?? 'the patient'}'s allergy to ${party.allergen}`
    : party.kind === 'order'
      ? `${party.productName} (order #${party.orderId})`
      : party.productName;

/** One finding in words: "Aspirin and Clopidogrel (Ecosprin 75 with Clopitab 75)". */
export function describeFinding(finding: InteractionFinding): string {
  const where = finding.between
    .map((pair) => `${pair.line.productName} with ${partyName(pair.with)}`)
    .join('; ');
  return finding.source === 'allergy'
    ? `${finding.ingredientA}, to which an allergy is recorded (${where})`
    : `${finding.ingredientA} and ${finding.ingredientB} (${where})`;
}
