import { describe, expect, it } from 'vitest';
import { findInteractions, type InteractionRule } from './drug-interactions';
import {
  DRUG_INTERACTION_MESSAGES,
  drugInteractionInputSchema,
  interactionPairKey,
} from '../schemas/drug-interactions';

const rule = (
  ingredientA: string,
  ingredientB: string,
  severity: InteractionRule['severity'],
): InteractionRule => ({ ingredientA, ingredientB, severity, effect: 'e', advice: 'a' });

const table = [
  rule('Clopidogrel', 'Omeprazole', 'moderate'),
  rule('Aspirin', 'Clopidogrel', 'major'),
  rule('Amlodipine', 'Atorvastatin', 'minor'),
  rule('Ibuprofen', 'Aspirin', 'moderate'),
];

const pairs = (lines: (string | string[])[]) =>
  findInteractions(lines, table).map((found) => [
    interactionPairKey(found.ingredientA, found.ingredientB),
    found.severity,
    found.between,
  ]);

describe('findInteractions', () => {
  it.each<[string, (string | string[])[], unknown[]]>([
    ['no lines', [], []],
    ['one line', ['Clopidogrel (75mg)'], []],
    ['no match', ['Paracetamol (650mg)', 'Cetirizine (10mg)'], []],
    [
      'two salt names, either order in the table',
      ['Omeprazole (20mg)', 'Clopidogrel (75mg)'],
      [['clopidogrel|omeprazole', 'moderate', [[0, 1]]]],
    ],
    [
      'case and spaces',
      [['  CLOPIDOGREL '], ['omeprazole']],
      [['clopidogrel|omeprazole', 'moderate', [[0, 1]]]],
    ],
    ['within one combination product', ['Aspirin (75mg) + Clopidogrel (75mg)'], []],
    [
      'a combination against another line, major first',
      ['Aspirin (75mg) + Clopidogrel (75mg)', 'Omeprazole (20mg)', 'Ibuprofen (400mg)'],
      [
        ['clopidogrel|omeprazole', 'moderate', [[0, 1]]],
        ['aspirin|ibuprofen', 'moderate', [[0, 2]]],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ],
    ['the same ingredient in two lines', ['Aspirin (75mg)', 'Aspirin (150mg)'], []],
    [
      'a pair found twice is listed once with both places',
      ['Clopidogrel (75mg)', 'Omeprazole (20mg)', 'Omeprazole (40mg)'],
      [
        [
          'clopidogrel|omeprazole',
          'moderate',
          [
            [0, 1],
            [0, 2],
          ],
        ],
      ],
    ],
    [
      'sorted major, moderate, minor',
      [
        'Amlodipine (5mg)',
        'Atorvastatin (10mg)',
        'Aspirin (75mg)',
        'Clopidogrel (75mg)',
        'Omeprazole (20mg)',
      ],
      [
        ['aspirin|clopidogrel', 'major', [[2, 3]]],
        ['clopidogrel|omeprazole', 'moderate', [[3, 4]]],
        ['amlodipine|atorvastatin', 'minor', [[0, 1]]],
      ],
    ],
  ])('%s', (_name, lines, expected) => {
    expect(pairs(lines)).toEqual(expected);
  });
});

describe('drugInteractionInputSchema', () => {
  const valid = {
    ingredientA: 'Clopidogrel',
    ingredientB: 'Omeprazole',
    severity: 'moderate',
    effect: 'Less antiplatelet effect.',
    advice: 'Prefer pantoprazole.',
  };

  it('accepts a row and reads an empty source as none', () => {
    expect(drugInteractionInputSchema.parse({ ...valid, source: ' ' }).source).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'same ingredient, other case',
      { ingredientB: ' clopidogrel' },
      DRUG_INTERACTION_MESSAGES.sameIngredient,
    ],
    ['empty ingredient', { ingredientA: ' ' }, DRUG_INTERACTION_MESSAGES.ingredientA],
    ['unknown severity', { severity: 'Major' }, DRUG_INTERACTION_MESSAGES.severity],
    ['no effect', { effect: '' }, DRUG_INTERACTION_MESSAGES.effect],
    ['long advice', { advice: 'x'.repeat(601) }, DRUG_INTERACTION_MESSAGES.advice],
    ['long source', { source: 'x'.repeat(301) }, DRUG_INTERACTION_MESSAGES.source],
  ])('%s', (_name, change, message) => {
    const result = drugInteractionInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keys the pair unordered and case-insensitively', () => {
    expect(interactionPairKey('Omeprazole', ' CLOPIDOGREL')).toBe(
      interactionPairKey('clopidogrel', 'omeprazole'),
    );
  });
});

describe('findInteractions with firstLines', () => {
  it.each<[number, unknown[]]>([
    [0, []],
    [1, [['aspirin|clopidogrel', 'major', [[0, 2]]]]],
    [
      3,
      [
        [
          'aspirin|clopidogrel',
          'major',
          [
            [0, 2],
            [1, 2],
          ],
        ],
      ],
    ],
  ])('only pairs with one of the first %i lines', (firstLines, expected) => {
    const lines = ['Clopidogrel (75mg)', 'Clopidogrel (150mg)', 'Aspirin (75mg)'];
    expect(
      findInteractions(lines, table, { firstLines }).map((found) => [
        interactionPairKey(found.ingredientA, found.ingredientB),
        found.severity,
        found.between,
      ]),
    ).toEqual(expected);
  });
});
