import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_SOLD_ONLINE_NOTE } from '@pharmacy/shared';
import { ProductCard } from '../../features/catalog/components/product-card';
import { makeProduct, testSchedules } from '../../features/catalog/utils/test-product';
import { mockApi, settingsResponse } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { renderWithProviders } from '../../testing/render';
import { ProductCartAction } from './product-cart-action';

/** Issue 16 on the catalogue's cards and product page, with the real cart controls. */
function renderCard(product: ReturnType<typeof makeProduct>) {
  mockApi({ 'GET /api/settings': { body: settingsResponse } });
  renderWithProviders(
    <ProductCard
      product={product}
      currencySymbol="₹"
      action={<ProductCartAction product={product} />}
    />,
  );
  return screen.getByRole('article');
}

describe('drug schedules on the catalogue', () => {
  it('gives a Schedule X card the counter note and no Add button, not even a disabled one', () => {
    const card = renderCard(
      makeProduct({ id: 5, name: 'Ritalin 10 Tablet', schedule: testSchedules.X }),
    );
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(within(card).getByText(NOT_SOLD_ONLINE_NOTE)).toBeTruthy();
    expect(within(card).getByText('Schedule X')).toBeTruthy();
  });

  it('names a Schedule H1 medicine and still offers Add', () => {
    const card = renderCard(
      makeProduct({ id: 6, name: 'Taxim-O 200 Tablet', schedule: testSchedules.H1 }),
    );
    expect(within(card).getByText('Schedule H1')).toBeTruthy();
    expect(within(card).getByTitle('Prescription required')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Add Taxim-O 200 Tablet to cart' }),
    ).toBeTruthy();
  });

  it('shows no schedule badge for an over-the-counter medicine', () => {
    const card = renderCard(makeProduct({ id: 7, name: 'Dolo 650 Tablet' }));
    expect(within(card).queryByText(/Schedule/)).toBeNull();
    expect(within(card).queryByText('Over the counter')).toBeNull();
  });

  it('gives a Schedule X product page the note instead of the quantity and Add To Cart', async () => {
    const product = makeProduct({ id: 5, name: 'Ritalin 10 Tablet', schedule: testSchedules.X });
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/product/5': { body: product },
      'GET /api/product/5/substitutes': { body: { substitutes: [] } },
    });
    renderApp('/product/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ritalin 10 Tablet' }),
    ).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByText(NOT_SOLD_ONLINE_NOTE)).toBeTruthy();
    expect(within(main).getByText('Schedule X')).toBeTruthy();
    expect(within(main).queryByLabelText('Quantity')).toBeNull();
    expect(within(main).queryByRole('button', { name: /Add To Cart|Notify me/ })).toBeNull();
  });

  it('says the per-order limit under the quantity of the product page', async () => {
    const product = makeProduct({ id: 8, name: 'Benadryl Cough Syrup', maxUnitsPerOrder: 2 });
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/product/8': { body: product },
      'GET /api/product/8/substitutes': { body: { substitutes: [] } },
    });
    renderApp('/product/8');
    expect(await screen.findByText('Limited to 2 per order')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeTruthy();
  });
});
