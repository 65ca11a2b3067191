import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ProductForm } from './product-form';

const lists = {
  'GET /api/settings': { body: settingsResponse },
  'GET /api/division/all': {
    body: { divisionList: [{ id: 1, name: 'Pain Relief', images: { url: '/d.svg' } }] },
  },
  'GET /api/manufacturer/all': { body: { manufacturerList: [{ id: 4, name: 'Micro Labs' }] } },
  'GET /api/saltComposition/all': {
    body: { saltCompositionList: [{ id: 1, name: 'Paracetamol (650mg)' }] },
  },
};

/** The field messages (the toasts are alerts too, outside the form). */
function alerts() {
  return within(screen.getByRole('form', { name: 'Product form' }))
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
}

async function fillValidProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Dolo 650 Tablet');
  await user.type(screen.getByLabelText('MRP'), '63.50');
  await user.type(screen.getByLabelText('Offer Price'), '57.20');
  await screen.findByRole('option', { name: 'Pain Relief' });
  await user.selectOptions(screen.getByLabelText('Division'), 'Pain Relief');
  await user.selectOptions(screen.getByLabelText('Manufacturer'), 'Micro Labs');
  await user.selectOptions(screen.getByLabelText('Salt Composition'), 'Paracetamol (650mg)');
}

describe('ProductForm validation (spec §5)', { timeout: 20_000 }, () => {
  it('shows the rule messages and toasts "Form validation failed"', async () => {
    const fetchMock = mockApi(lists);
    const user = userEvent.setup();
    renderWithProviders(<ProductForm mode="add" />);

    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');
    expect(screen.getByLabelText('MRP').getAttribute('min')).toBe('5');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Name is required',
        'MRP must be greater than 50',
        'Offer Price must be greater than 50',
        'Division is required',
        'Manufacturer is required',
        'Salt Composition is required',
      ]),
    );
    expect(await screen.findByText('Form validation failed')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/product')).toHaveLength(0);
  });

  it('keeps the offer price at or below the MRP and asks for at least 1 unit on add', async () => {
    mockApi(lists);
    const user = userEvent.setup();
    renderWithProviders(<ProductForm mode="add" />);
    await fillValidProduct(user);
    await user.clear(screen.getByLabelText('Offer Price'));
    await user.type(screen.getByLabelText('Offer Price'), '70');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(alerts()).toEqual(['Offer Price must be less than MRP']));

    await user.clear(screen.getByLabelText('Offer Price'));
    await user.type(screen.getByLabelText('Offer Price'), '60');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(alerts()).toEqual(['Quantity must be at least 1']));
  });

  it('takes no sign, exponent or decimal point in the quantity', async () => {
    mockApi(lists);
    const user = userEvent.setup();
    renderWithProviders(<ProductForm mode="add" />);
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    await user.clear(quantity);
    await user.type(quantity, '-1e2.5');
    expect(quantity.value).toBe('125');
  });

  it('sends the product as multipart, toasts the server message and returns to the list', async () => {
    const fetchMock = mockApi({
      ...lists,
      'POST /api/product': {
        status: 201,
        body: { id: 501, message: 'Product created successfully' },
      },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ProductForm mode="add" />, {
      url: '/dashboard/product/add',
    });
    await fillValidProduct(user);
    await user.click(screen.getByLabelText('Prescription required'));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/product');
    const [call] = callsTo(fetchMock, 'POST', '/api/product');
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(Object.fromEntries(form.entries())).toMatchObject({
      name: 'Dolo 650 Tablet',
      maximumRetailPrice: '63.5',
      offerPrice: '57.2',
      divisionId: '1',
      manufacturerId: '4',
      saltCompositionId: '1',
      quantity: '1',
      prescription: 'true',
      isActive: 'true',
    });
    expect(form.has('keepImageUrls')).toBe(false);
  });

  it('creates a new manufacturer from the dropdown and chooses it', async () => {
    const fetchMock = mockApi({
      ...lists,
      'POST /api/manufacturer': {
        status: 201,
        body: { id: 70, name: 'Sun Pharma', message: 'Manufacturer created successfully' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductForm mode="add" />);
    await screen.findByRole('option', { name: 'Micro Labs' });
    await user.selectOptions(screen.getByLabelText('Manufacturer'), '+ Add new manufacturer…');
    await user.type(screen.getByLabelText('New manufacturer name'), 'Sun Pharma');
    await user.click(screen.getByRole('button', { name: 'Create manufacturer' }));

    await waitFor(() =>
      expect((screen.getByLabelText('Manufacturer') as HTMLSelectElement).value).toBe('70'),
    );
    const [call] = callsTo(fetchMock, 'POST', '/api/manufacturer');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'Sun Pharma' });
    expect(screen.queryByLabelText('New manufacturer name')).toBeNull();
  });
});
