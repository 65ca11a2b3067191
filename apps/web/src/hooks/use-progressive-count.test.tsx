import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

function Items({ total, list = 'first list' }: { total: number; list?: string }) {
  const shown = useProgressiveCount(list, total, 3, 2);
  return (
    <ul>
      {Array.from({ length: shown }, (_, index) => (
        <li key={index}>item {index}</li>
      ))}
    </ul>
  );
}

describe('useProgressiveCount', () => {
  it('renders the first items at once and the rest in later tasks', async () => {
    render(<Items total={8} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(8));
    // …and no further.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
  });

  it('never shows more than there are, and shows a longer list in full', async () => {
    const { rerender } = render(<Items total={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    rerender(<Items total={12} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
  });

  it('starts from the first items again when the list changes', async () => {
    const { rerender } = render(<Items total={8} list="page 1" />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(8));
    rerender(<Items total={8} list="page 2" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(8));
  });
});
