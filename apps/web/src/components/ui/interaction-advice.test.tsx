import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InteractionFinding } from '@pharmacy/shared';
import { InteractionAdvice, INTERACTION_ADVICE_TEXT } from './interaction-advice';

const line = (lineId: number, productName: string) => ({
  kind: 'line' as const,
  lineId,
  productId: lineId,
  productName,
});

const finding = (overrides: Partial<InteractionFinding>): InteractionFinding => ({
  pairKey: 'clopidogrel|omeprazole',
  ingredientA: 'Clopidogrel',
  ingredientB: 'Omeprazole',
  severity: 'moderate',
  effect: 'Omeprazole lowers the effect of clopidogrel.',
  advice: 'Ask which stomach medicine suits you.',
  reference: null,
  source: 'cart',
  between: [{ line: line(1, 'Clopilet 75'), with: line(2, 'Omez 20') }],
  ...overrides,
});

describe('InteractionAdvice (issue 31 point 4)', () => {
  it('shows major first and emphasised, moderate calmly, and leaves minor out', () => {
    render(
      <InteractionAdvice
        interactions={[
          finding({}),
          finding({ pairKey: 'a|b', severity: 'minor', advice: 'Minor advice.' }),
          finding({
            pairKey: 'aspirin|clopidogrel',
            severity: 'major',
            advice: 'Take them together only if your doctor said so.',
            source: 'recent-order',
            between: [
              {
                line: line(1, 'Clopilet 75'),
                with: {
                  kind: 'order',
                  orderId: 41,
                  orderedAt: '2026-10-01T00:00:00.000Z',
                  productId: 9,
                  productName: 'Ecosprin 75',
                },
              },
            ],
          }),
        ]}
      />,
    );
    const items = within(
      screen.getByRole('list', { name: INTERACTION_ADVICE_TEXT.listLabel }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Important: Clopilet 75 and Ecosprin 75 from your order #41. Take them together only if your doctor said so.',
      'Worth asking about: Clopilet 75 and Omez 20. Ask which stomach medicine suits you.',
    ]);
  });

  it('names the patient and the allergen for an allergy', () => {
    render(
      <InteractionAdvice
        interactions={[
          finding({
            pairKey: 'allergy:amoxicillin',
            ingredientA: 'Amoxicillin',
            ingredientB: 'a recorded allergy',
            severity: 'major',
            advice: 'Do not take it before talking to our pharmacist.',
            source: 'allergy',
            between: [
              {
                line: line(3, 'Mox 500'),
                with: {
                  kind: 'allergy',
                  patientId: 5,
                  patientName: 'Kamala Rao',
                  allergen: 'amoxicillin',
                },
              },
            ],
          }),
        ]}
      />,
    );
    expect(screen.getByRole('listitem').textContent).toBe(
      'Important: Mox 500 contains Amoxicillin, and an allergy to amoxicillin is recorded for Kamala Rao. Do not take it before talking to our pharmacist.',
    );
  });

  it('shows nothing when only minor interactions were found', () => {
    const { container } = render(
      <InteractionAdvice interactions={[finding({ severity: 'minor' })]} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
