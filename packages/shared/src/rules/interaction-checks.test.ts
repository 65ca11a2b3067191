import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_STATUS_IDS } from '../constants/order-status';
import type { InteractionRule } from './drug-interactions';
import {
  INTERACTION_HISTORY_STATUSES,
  allergyPairKey,
  countsForInteractions,
  describeFinding,
  findingsBlockingApproval,
  interactionFindings,
  interactionWindowStart,
  isRecentForInteractions,
  type CheckedLine,
  type HistoryLine,
} from './interaction-checks';

const DAY = 86_400_000;
const reference = new Date('2026-11-28T10:00:00.000Z');
const daysBefore = (days: number, extraMs = 0) =>
  new Date(reference.getTime() - days * DAY - extraMs);

describe('the 90-day window', () => {
  it.each<[string, Date, boolean]>([
    ['placed now', reference, true],
    ['1 day before', daysBefore(1), true],
    ['89 days before', daysBefore(89), true],
    ['exactly 90 days before (the edge counts)', daysBefore(90), true],
    ['90 days and one millisecond before', daysBefore(90, 1), false],
    ['91 days before', daysBefore(91), false],
    ['120 days before', daysBefore(120), false],
    ['after the reference (a later order)', new Date(reference.getTime() + DAY), true],
  ])('%s → %s', (_name, placedAt, expected) => {
    expect(isRecentForInteractions(placedAt, reference)).toBe(expected);
    expect(isRecentForInteractions(placedAt.toISOString(), reference)).toBe(expected);
  });

  it('starts 90 × 24 hours before the reference', () => {
    expect(interactionWindowStart(reference).toISOString()).toBe('2026-08-30T10:00:00.000Z');
  });
});

describe('which earlier orders count', () => {
  it.each(ORDER_STATUS_IDS.map((id) => [id]))('status %i', (statusId) => {
    const expected = (
      [
        ORDER_STATUS.WAITING_TO_ACCEPT,
        ORDER_STATUS.ACCEPTED,
        ORDER_STATUS.PACKING,
        ORDER_STATUS.DISPATCHED,
        ORDER_STATUS.DELIVERED,
      ] as number[]
    ).includes(statusId);
    expect(countsForInteractions(statusId)).toBe(expected);
  });

  it('never counts a cancelled or unfinished order', () => {
    for (const status of [
      ORDER_STATUS.CANCELLED,
      ORDER_STATUS.NEW,
      ORDER_STATUS.COLLECTING_ADDRESS,
      ORDER_STATUS.COLLECTING_PRESCRIPTION,
      ORDER_STATUS.PAYMENT,
    ])
      expect(INTERACTION_HISTORY_STATUSES).not.toContain(status);
  });
});

const rule = (a: string, b: string, severity: InteractionRule['severity']): InteractionRule => ({
  ingredientA: a,
  ingredientB: b,
  severity,
  effect: `${a} with ${b}`,
  advice: 'Ask the pharmacist.',
  source: 'BNF',
});
const table = [
  rule('Aspirin', 'Clopidogrel', 'major'),
  rule('Clopidogrel', 'Omeprazole', 'moderate'),
  rule('Amlodipine', 'Atorvastatin', 'minor'),
];
const line = (lineId: number, saltName: string | null): CheckedLine => ({
  lineId,
  productId: lineId * 10,
  productName: `Product ${lineId}`,
  saltName,
});
const earlier = (orderId: number, saltName: string): HistoryLine => ({
  orderId,
  orderedAt: '2026-10-01T00:00:00.000Z',
  productId: orderId * 100,
  productName: `Earlier ${orderId}`,
  saltName,
});

const summary = (found: ReturnType<typeof interactionFindings>) =>
  found.map((f) => [
    f.source,
    f.pairKey,
    f.severity,
    f.between.map((pair) =>
      pair.with.kind === 'line'
        ? `${pair.line.lineId}-${pair.with.lineId}`
        : pair.with.kind === 'order'
          ? `${pair.line.lineId}-order${pair.with.orderId}`
          : `${pair.line.lineId}-allergy:${pair.with.allergen}`,
    ),
  ]);

describe('interactionFindings', () => {
  it.each<[string, Parameters<typeof interactionFindings>[0], unknown[]]>([
    ['nothing', { lines: [], history: [], allergies: [] }, []],
    [
      'between two lines',
      {
        lines: [line(1, 'Aspirin (75mg)'), line(2, 'Clopidogrel (75mg)')],
        history: [],
        allergies: [],
      },
      [['cart', 'aspirin|clopidogrel', 'major', ['1-2']]],
    ],
    [
      'a line without a salt is skipped, the others keep their ids',
      {
        lines: [line(1, null), line(2, 'Aspirin (75mg)'), line(3, 'Clopidogrel (75mg)')],
        history: [],
        allergies: [],
      },
      [['cart', 'aspirin|clopidogrel', 'major', ['2-3']]],
    ],
    [
      'with an earlier order, and never between two earlier orders',
      {
        lines: [line(1, 'Omeprazole (20mg)')],
        history: [earlier(7, 'Clopidogrel (75mg)'), earlier(8, 'Aspirin (75mg)')],
        allergies: [],
      },
      [['recent-order', 'clopidogrel|omeprazole', 'moderate', ['1-order7']]],
    ],
    [
      'the same pair in the cart and against an earlier order: two findings',
      {
        lines: [line(1, 'Aspirin (75mg)'), line(2, 'Clopidogrel (75mg)')],
        history: [earlier(9, 'Aspirin (150mg)')],
        allergies: [],
      },
      [
        ['cart', 'aspirin|clopidogrel', 'major', ['1-2']],
        ['recent-order', 'aspirin|clopidogrel', 'major', ['2-order9']],
      ],
    ],
    [
      'an allergy to an ingredient of a combination, case-insensitive, always major',
      {
        lines: [line(1, 'Amlodipine (5mg) + Atorvastatin (10mg)')],
        history: [],
        allergies: [{ patientId: 3, patientName: 'Asha', allergen: 'atorvastatin' }],
      },
      [['allergy', 'allergy:atorvastatin', 'major', ['1-allergy:atorvastatin']]],
    ],
    [
      'minor last, after moderate and major',
      {
        lines: [
          line(1, 'Amlodipine (5mg)'),
          line(2, 'Atorvastatin (10mg)'),
          line(3, 'Clopidogrel (75mg)'),
          line(4, 'Omeprazole (20mg)'),
        ],
        history: [],
        allergies: [{ patientId: null, patientName: null, allergen: 'Omeprazole (20mg)' }],
      },
      [
        ['allergy', 'allergy:omeprazole', 'major', ['4-allergy:Omeprazole (20mg)']],
        ['cart', 'clopidogrel|omeprazole', 'moderate', ['3-4']],
        ['cart', 'amlodipine|atorvastatin', 'minor', ['1-2']],
      ],
    ],
  ])('%s', (_name, input, expected) => {
    expect(summary(interactionFindings(input, table))).toEqual(expected);
  });

  it('carries the rule, the reference and names the pair in a sentence', () => {
    const [found] = interactionFindings(
      {
        lines: [line(1, 'Aspirin (75mg)')],
        history: [earlier(4, 'Clopidogrel (75mg)')],
        allergies: [{ patientId: 2, patientName: 'Ravi', allergen: 'Aspirin' }],
      },
      table,
    );
    expect(found).toMatchObject({ source: 'allergy', severity: 'major', reference: null });
    const findings = interactionFindings(
      {
        lines: [line(1, 'Aspirin (75mg)')],
        history: [earlier(4, 'Clopidogrel (75mg)')],
        allergies: [],
      },
      table,
    );
    expect(findings[0]).toMatchObject({
      effect: 'Aspirin with Clopidogrel',
      advice: 'Ask the pharmacist.',
      reference: 'BNF',
    });
    expect(describeFinding(findings[0]!)).toBe(
      'Aspirin and Clopidogrel (Product 1 with Earlier 4 (order #4))',
    );
    expect(allergyPairKey('  Aspirin ')).toBe('allergy:aspirin');
  });

  it('blocks approval on major findings only', () => {
    const findings = interactionFindings(
      {
        lines: [line(1, 'Clopidogrel (75mg)'), line(2, 'Omeprazole (20mg)')],
        history: [],
        allergies: [],
      },
      table,
    );
    expect(findingsBlockingApproval(findings)).toEqual([]);
    const major = interactionFindings(
      {
        lines: [line(1, 'Clopidogrel (75mg)'), line(2, 'Aspirin (75mg)')],
        history: [],
        allergies: [],
      },
      table,
    );
    expect(findingsBlockingApproval(major).map((f) => f.pairKey)).toEqual(['aspirin|clopidogrel']);
  });
});
