import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HomeCounters } from './home-counters';

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('HomeCounters', () => {
  it('shows the final numbers at once with reduced motion', () => {
    preferReducedMotion(true);
    render(<HomeCounters />);
    const region = screen.getByRole('region', { name: 'Our numbers' });
    const values = within(region).getAllByRole('definition');
    expect(values.map((value) => value.querySelector('[aria-hidden]')?.textContent)).toEqual([
      '10+',
      '1,00,000+',
      '500+',
    ]);
  });

  it('starts from 0 and always gives screen readers the final values', () => {
    preferReducedMotion(false);
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    render(<HomeCounters />);
    const region = screen.getByRole('region', { name: 'Our numbers' });
    const values = within(region).getAllByRole('definition');
    expect(values.map((value) => value.querySelector('[aria-hidden]')?.textContent)).toEqual([
      '0+',
      '0+',
      '0+',
    ]);
    expect(values.map((value) => value.querySelector('.sr-only')?.textContent)).toEqual([
      '10+',
      '1,00,000+',
      '500+',
    ]);
    expect(
      within(region)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Years of experience', 'Happy customers', 'Products']);
  });
});
