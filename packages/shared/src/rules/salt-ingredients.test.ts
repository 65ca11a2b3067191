import { describe, expect, it } from 'vitest';
import { saltIngredients } from './salt-ingredients';

describe('saltIngredients', () => {
  it.each([
    ['Paracetamol (650mg)', ['Paracetamol']],
    ['Amoxicillin (500mg) + Clavulanic Acid (125mg)', ['Amoxicillin', 'Clavulanic Acid']],
    ['Vitamin B-Complex + Vitamin C', ['Vitamin B-Complex', 'Vitamin C']],
    ['Diclofenac Diethylamine (1.16% w/w)', ['Diclofenac Diethylamine']],
    ['Oral Rehydration Salts (WHO formula)', ['Oral Rehydration Salts']],
    [
      'Liquid Paraffin (3.75ml/15ml) + Milk of Magnesia (11.25ml/15ml)',
      ['Liquid Paraffin', 'Milk of Magnesia'],
    ],
    ['  ', []],
  ])('%s', (name, expected) => {
    expect(saltIngredients(name)).toEqual(expected);
  });
});
