import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { makeProduct, productPage } from '../utils/test-product';
import { ShopListing } from './shop-listing';

const lists = {
  'GET /api/settings': { body: settingsResponse },
  'GET /api/division/all': {
    body: { divisionList: [{ id: 1, name: 'Pain Relief', images: null }] },
  },
  'GET /api/manufacturer/all': { body: { manufacturerList: [{ id: 4, name: 'Micro Labs' }] } },
  'GET /api/saltComposition/all': { body: { saltCompositionList: [] } },
};

/** 60 products over 3 pages of 25. */
function pagedCatalogue({ url }: { url: URL }): MockResponse {
  const page = Number(url.searchParams.get('page') ?? 1);
  const first = (page - 1) * 25 + 1;
  const count = page === 3 ? 10 : 25;
  const products = Array.from({ length: count }, (_, index) =>
    makeProduct({ id: first + index, name: `Medicine ${first + index}` }),
  );
  return { body: productPage(products, { page, rowCount: 60, pageCount: 3 }) };
}

function renderShop(
  url: string,
  products: (request: { url: URL }) => MockResponse = pagedCatalogue,
) {
  const fetchMock = mockApi({ ...lists, 'GET /api/product/all': products });
  const result = renderWithProviders(<ShopListing />, { url });
  return { ...result, fetchMock };
}

function lastListCall(fetchMock: ReturnType<typeof mockApi>) {
  const call = callsTo(fetchMock, 'GET', '/api/product/all').at(-1);
  return new URL(String(call?.[0]), 'http://localhost').searchParams;
}

describe('ShopListing toolbar, sort and pages (spec §2)', { timeout: 20_000 }, () => {
  it("shows 'Showing: a-b of N products', the cards and the pagination", async () => {
    renderShop('/shop?page=2');
    expect(await screen.findByText('Showing: 26-50 of 60 products')).toBeTruthy();
    // The first cards at once, the rest in the following tasks (useProgressiveCount).
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).getByRole('button', { current: 'page' }).textContent).toBe('Page 2');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('has the sort placeholder until a sort is chosen, and a new sort goes back to page 1', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderShop('/shop?page=3&search=para');
    await screen.findByText('Showing: 51-60 of 60 products');
    const sort = screen.getByLabelText('Sort products') as HTMLSelectElement;
    expect(sort.value).toBe('');
    expect(sort.selectedOptions[0]?.textContent).toBe('Sort Products...');
    // A search with no sort chosen is ranked by relevance on the server.
    expect(lastListCall(fetchMock).get('orderBy')).toBeNull();

    await user.selectOptions(sort, 'Price Low to High');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=para&orderBy=offerPrice&orderType=asc'),
    );
    await waitFor(() => expect(lastListCall(fetchMock).get('orderBy')).toBe('offerPrice'));
    expect(lastListCall(fetchMock).get('orderType')).toBe('asc');
    expect(lastListCall(fetchMock).get('page')).toBe('1');
    expect(sort.value).toBe('offerPrice-asc');
  });

  it("offers 'Clear Filters' when a filter is set and keeps the search", async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderShop(
      '/shop?search=dolo&divisionId=1&salCompositionId=5&page=2',
    );
    await screen.findByText('Showing: 26-50 of 60 products');
    const call = lastListCall(fetchMock);
    expect(call.get('divisionId')).toBe('1');
    expect(call.get('saltCompositionId')).toBe('5');
    expect(call.get('limit')).toBe('25');

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=dolo'));
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it("says '0 products' and 'No products found.' without pagination", async () => {
    renderShop('/shop?search=zzz', () => ({ body: productPage([]) }));
    expect(await screen.findByText('No products found.')).toBeTruthy();
    expect(screen.getByText('0 products')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).toBeNull();
  });

  it('hides the pagination when everything fits on one page', async () => {
    renderShop('/shop', () => ({ body: productPage([makeProduct()]) }));
    expect(await screen.findByText('Showing: 1-1 of 1 products')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).toBeNull();
  });

  it('shows the reason and a retry when the list cannot be loaded', async () => {
    renderShop('/shop', () => ({
      status: 500,
      body: {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'An unknown error occurred',
      },
    }));
    expect(await screen.findByText('An unknown error occurred')).toBeTruthy();
    expect(screen.getByText('No products found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('ProductCard (spec §2)', () => {
  it('shows price, MRP, saving, the prescription icon and Out Of Stock', async () => {
    renderShop('/shop', () => ({
      body: productPage([
        makeProduct({ id: 1, name: 'Dolo 650', offerPrice: 57.2, maximumRetailPrice: 63.5 }),
        makeProduct({ id: 2, name: 'Azithral 500', prescription: true, quantity: 0 }),
      ]),
    }));
    const [dolo, azithral] = await screen.findAllByRole('article');
    expect(within(dolo!).getByRole('link', { name: 'Dolo 650' }).getAttribute('href')).toBe(
      '/product/1',
    );
    expect(dolo!.textContent).toContain('₹57.20');
    expect(dolo!.textContent).toContain('₹63.50');
    expect(within(dolo!).getByText('You Saved 10%')).toBeTruthy();
    expect(within(dolo!).queryByTitle('Prescription required')).toBeNull();
    expect(within(azithral!).getByTitle('Prescription required')).toBeTruthy();
    const outOfStock = within(azithral!).getByRole('button', { name: 'Out Of Stock' });
    expect((outOfStock as HTMLButtonElement).disabled).toBe(true);
  });
});
