import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { canDecrement, canIncrement } from '../lib/cart-rules';
import { QuantityStepper } from './quantity-stepper';

function buttons() {
  return {
    minus: screen.getByRole('button', { name: 'Decrease quantity of Cetirizine' }),
    plus: screen.getByRole('button', { name: 'Increase quantity of Cetirizine' }),
  };
}

describe('quantity stepper (spec §5)', () => {
  it.each([
    [1, 5, true, false],
    [2, 5, false, false],
    [4, 5, false, false],
    [5, 5, false, true],
    [1, 1, true, true],
    [100, 500, false, true],
  ])('count %i with stock %i: minus disabled %s, plus disabled %s', (count, stock, minus, plus) => {
    render(<QuantityStepper name="Cetirizine" count={count} stock={stock} onStep={() => {}} />);
    expect((buttons().minus as HTMLButtonElement).disabled).toBe(minus);
    expect((buttons().plus as HTMLButtonElement).disabled).toBe(plus);
    expect(canDecrement(count)).toBe(!minus);
    expect(canIncrement(count, stock)).toBe(!plus);
  });

  it('stops plus at the per-order limit and says why (issue 16)', () => {
    render(<QuantityStepper name="Cetirizine" count={2} stock={50} limit={2} onStep={() => {}} />);
    const { plus } = buttons();
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    expect(plus.getAttribute('title')).toBe('Limited to 2 per order');
    expect(canIncrement(1, 50, 2)).toBe(true);
    expect(canIncrement(2, 50, 2)).toBe(false);
    // The stock below the limit stops it first, and says so.
    expect(canIncrement(1, 1, 2)).toBe(false);
  });

  it('says the stock when the stock is below the limit', () => {
    render(<QuantityStepper name="Cetirizine" count={1} stock={1} limit={2} onStep={() => {}} />);
    expect(buttons().plus.getAttribute('title')).toBe('Only 1 available');
  });

  it('steps by one each way and shows the count', async () => {
    const onStep = vi.fn();
    const user = userEvent.setup();
    render(<QuantityStepper name="Cetirizine" count={2} stock={5} onStep={onStep} />);
    expect(screen.getByRole('group', { name: 'Quantity of Cetirizine' }).textContent).toContain(
      '2',
    );
    await user.click(buttons().plus);
    await user.click(buttons().minus);
    expect(onStep.mock.calls).toEqual([[1], [-1]]);
  });
});
