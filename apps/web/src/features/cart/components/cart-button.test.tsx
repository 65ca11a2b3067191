import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartButton } from './cart-button';

describe('CartButton', () => {
  it.each([
    [0, '0', 'your cart is empty'],
    [5, '5', 'your cart has 5 items'],
    [98, '98', 'your cart has 98 items'],
    [99, '99+', 'your cart has 99 items'],
    [250, '99+', 'your cart has 250 items'],
  ])('shows %i as the badge %s', (count, badge, label) => {
    render(<CartButton count={count} onClick={() => undefined} />);
    const button = screen.getByRole('button', { name: label });
    expect(button.textContent).toBe(badge);
  });
});
