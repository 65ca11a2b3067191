import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { reloadSession } from '../../../lib/auth-session';
import { mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { closeCartDrawer, openCartDrawer } from '../hooks/use-cart-drawer';
import { addToGuestCart } from '../lib/guest-cart';
import type { CartProduct } from '../types';
import { HeaderCart } from './header-cart';
import { ProductCardCartControls, ProductPageCartControls } from './product-cart-controls';

/** Issue 16 in the cart: duplicate therapies, prescription lines, per-order limits, Schedule X. */
function cartProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: 1,
    name: 'Dolo 650 Tablet',
    offerPrice: 30,
    maximumRetailPrice: 34,
    quantity: 40,
    prescription: false,
    maxUnitsPerOrder: null,
    onlineSale: true,
    saltComposition: { id: 5, name: 'Paracetamol (650mg)' },
    images: [],
    ...overrides,
  };
}

const dolo = cartProduct();
const calpol = cartProduct({ id: 2, name: 'Calpol 650 Tablet', offerPrice: 28 });
const cefixime = cartProduct({
  id: 3,
  name: 'Taxim-O 200 Tablet',
  prescription: true,
  saltComposition: { id: 8, name: 'Cefixime (200mg)' },
});
const syrup = cartProduct({
  id: 4,
  name: 'Benadryl Cough Syrup',
  maxUnitsPerOrder: 2,
  saltComposition: { id: 9, name: 'Diphenhydramine (14.08mg/5ml)' },
});

const member = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

/** The server's answer for a product of the cart (GET /api/cart/all). */
function serverProduct(product: CartProduct) {
  return {
    id: product.id,
    name: product.name,
    offerPrice: product.offerPrice,
    maximumRetailPrice: product.maximumRetailPrice,
    quantity: product.quantity,
    prescription: product.prescription,
    schedule: {
      code: product.prescription ? 'H' : 'OTC',
      name: product.prescription ? 'Schedule H' : 'Over the counter',
      requiresPrescription: product.prescription,
      onlineSale: true,
      keepsRegister: false,
    },
    maxUnitsPerOrder: product.maxUnitsPerOrder,
    images: [],
    isActive: true,
    divisionId: 1,
    manufacturerId: 1,
    saltCompositionId: product.saltComposition?.id ?? null,
    division: { id: 1, name: 'Cough and Cold' },
    manufacturer: { id: 1, name: 'Johnson & Johnson' },
    saltComposition: product.saltComposition,
    dosageForm: null,
    strength: null,
    packSize: null,
    hsnCode: '3004',
    gstRate: 5,
    description: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function signIn(routes: Record<string, MockResponse | (() => MockResponse)>) {
  window.localStorage.setItem('token', 'test-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    ...routes,
  });
}

afterEach(() => {
  closeCartDrawer();
  window.sessionStorage.clear();
});

describe('cart drawer (issue 16)', () => {
  it('warns about a duplicate therapy and marks the lines that need a prescription', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    addToGuestCart(dolo, 1);
    addToGuestCart(cefixime, 1);
    addToGuestCart(calpol, 1);
    renderWithProviders(<HeaderCart />);
    openCartDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });

    const warnings = within(drawer).getByRole('list', { name: 'Duplicate therapy warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Duplicate therapy: Both Dolo 650 Tablet and Calpol 650 Tablet contain Paracetamol (650mg); taking both may double the dose.',
    ]);
    const items = within(drawer).getByRole('list', { name: 'Items in your cart' });
    const lines = within(items).getAllByRole('listitem');
    expect(lines.map((line) => within(line).queryByText('Prescription required') !== null)).toEqual(
      [false, true, false],
    );
  });

  it('shows no warning when no two products share a salt', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    addToGuestCart(dolo, 2);
    addToGuestCart(cefixime, 1);
    renderWithProviders(<HeaderCart />);
    openCartDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByRole('list', { name: 'Items in your cart' })).toBeTruthy();
    expect(within(drawer).queryByRole('list', { name: 'Duplicate therapy warnings' })).toBeNull();
  });

  it("stops the server cart's stepper at the per-order limit and says why", async () => {
    signIn({
      'GET /api/cart/all/7': {
        body: {
          cartItems: [{ id: 90, productId: syrup.id, count: 2, product: serverProduct(syrup) }],
          summary: {
            itemCount: 2,
            totalMaximumRetailPrice: 68,
            totalOfferPrice: 60,
            totalSaved: 8,
            shipping: 0,
            total: 60,
            prescriptionRequired: false,
          },
        },
      },
    });
    renderWithProviders(<HeaderCart />);
    openCartDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    const plus = (await within(drawer).findByRole('button', {
      name: 'Increase quantity of Benadryl Cough Syrup',
    })) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    expect(plus.title).toBe('Limited to 2 per order');
    expect(within(drawer).getByText('Limited to 2 per order')).toBeTruthy();
  });
});

describe('product controls (issue 16)', () => {
  it('offers no cart control at all for a product not sold online', () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const scheduleX = cartProduct({ id: 6, name: 'Ritalin 10 Tablet', onlineSale: false });
    renderWithProviders(
      <>
        <ProductCardCartControls product={scheduleX} />
        <ProductPageCartControls product={scheduleX} />
      </>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });

  it('stops the product page quantity at the per-order limit, saying why', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const user = userEvent.setup();
    renderWithProviders(<ProductPageCartControls product={syrup} />);
    const quantity = screen.getByLabelText('Quantity');
    expect(screen.getByText('Limited to 2 per order')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(
      await screen.findByText('Benadryl Cough Syrup is limited to 2 units per order.'),
    ).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add To Cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    await user.clear(quantity);
    await user.type(quantity, '2');
    await waitFor(() => expect(add.disabled).toBe(false));
    await user.click(add);
    expect(await screen.findByText('Added to cart!')).toBeTruthy();
  });

  it("says the stock's limit when the stock is below the per-order limit", async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const user = userEvent.setup();
    renderWithProviders(<ProductPageCartControls product={{ ...syrup, quantity: 1 }} />);
    expect(screen.queryByText('Limited to 2 per order')).toBeNull();
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    expect(await screen.findByText('Quantity cannot exceed available stock (1)')).toBeTruthy();
  });
});
