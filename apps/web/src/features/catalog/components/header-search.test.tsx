import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { setSearchText } from '../hooks/use-search-text';
import { makeProduct, productPage } from '../utils/test-product';
import { HeaderSearch } from './header-search';

const matches = [
  makeProduct({ id: 1, name: 'Dolo 650 Tablet' }),
  makeProduct({ id: 2, name: 'Dolo 120 Suspension' }),
];

function renderSearch(url = '/about') {
  const fetchMock = mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/product/all': ({ url: requestUrl }) => ({
      body: productPage(requestUrl.searchParams.get('search') === 'dolo' ? matches : []),
    }),
  });
  return { ...renderWithProviders(<HeaderSearch />, { url }), fetchMock };
}

const input = () => screen.getByRole('combobox', { name: 'Search products' }) as HTMLInputElement;

describe('HeaderSearch dropdown (spec §2)', { timeout: 20_000 }, () => {
  beforeEach(() => setSearchText(''));

  it('lists the matches after the pause, ending with See All', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSearch();
    expect(input().placeholder).toBe('Search for medicines or supplements');

    await user.type(input(), 'dolo');
    const listbox = await screen.findByRole('listbox', { name: 'Matching products' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Dolo 650 Tablet',
      'Dolo 120 Suspension',
      'See All',
    ]);
    expect(options[0]?.getAttribute('href')).toBe('/product/1');
    expect(options[2]?.getAttribute('href')).toBe('/shop?search=dolo');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    // One search after the pause, not one per key.
    expect(callsTo(fetchMock, 'GET', '/api/product/all')).toHaveLength(1);
  });

  it("says 'No results found' when nothing matches", async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(input(), 'zzzz');
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves through the results with the arrow keys, Enter opens one and clears the search', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch();
    await user.type(input(), 'dolo');
    await screen.findByRole('listbox');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(input().getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input().getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'See All' }).id,
    );

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/1'));
    expect(input().value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes with Escape and keeps the text', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(input(), 'dolo');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().value).toBe('dolo');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('has no dropdown on the shop: the listing follows the search after 300 ms, page 1', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderSearch('/shop?page=4');
    await user.type(input(), 'dolo');
    await waitFor(() => expect(router.state.location.search).toBe('?search=dolo'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByText('No results found')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/product/all')).toHaveLength(0);
  });

  it('feeds the admin product list on its page instead of a dropdown', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch('/dashboard/product?page=2');
    await user.type(input(), 'dolo');
    await waitFor(() => expect(router.state.location.search).toBe('?search=dolo'));
    expect(router.state.location.pathname).toBe('/dashboard/product');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens the shop with the search on Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch();
    await user.type(input(), 'paracetamol{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(router.state.location.search).toBe('?search=paracetamol');
  });
});
