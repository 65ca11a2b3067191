import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ProductForm } from './product-form';

/** India's default drug schedules (issue 16), as GET /api/schedules answers them. */
const schedules = {
  OTC: {
    code: 'OTC',
    name: 'Over the counter',
    requiresPrescription: false,
    onlineSale: true,
    keepsRegister: false,
  },
  H: {
    code: 'H',
    name: 'Schedule H',
    requiresPrescription: true,
    onlineSale: true,
    keepsRegister: false,
  },
  H1: {
    code: 'H1',
    name: 'Schedule H1',
    requiresPrescription: true,
    onlineSale: true,
    keepsRegister: true,
  },
  X: {
    code: 'X',
    name: 'Schedule X',
    requiresPrescription: true,
    onlineSale: false,
    keepsRegister: true,
  },
};

const lists = {
  'GET /api/settings': { body: settingsResponse },
  'GET /api/division/all': {
    body: { divisionList: [{ id: 1, name: 'Pain Relief', images: { url: '/d.svg' } }] },
  },
  'GET /api/manufacturer/all': { body: { manufacturerList: [{ id: 4, name: 'Micro Labs' }] } },
  'GET /api/saltComposition/all': {
    body: { saltCompositionList: [{ id: 1, name: 'Paracetamol (650mg)' }] },
  },
  'GET /api/schedules': { body: { schedules: Object.values(schedules) } },
};

const storedProduct = {
  id: 7,
  name: 'Dolo 650 Tablet',
  offerPrice: 57.2,
  maximumRetailPrice: 63.5,
  quantity: 40,
  prescription: false,
  schedule: schedules.OTC,
  maxUnitsPerOrder: null,
  isActive: true,
  images: [],
  divisionId: 1,
  manufacturerId: 4,
  saltCompositionId: 1,
  division: { id: 1, name: 'Pain Relief' },
  manufacturer: { id: 4, name: 'Micro Labs' },
  saltComposition: { id: 1, name: 'Paracetamol (650mg)' },
  dosageForm: null,
  strength: null,
  packSize: null,
  description: null,
  hsnCode: '3004',
  gstRate: 5,
  createdAt: '2026-01-05T10:00:00.000Z',
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
  await user.type(screen.getByLabelText('Batch number'), 'DL2409A');
  await user.type(screen.getByLabelText('Expiry date'), nextYear);
}

const nextYear = addDays(utcDay(), 365);

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
        'Batch number is required',
        'Expiry date is required',
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

  it('checks the opening batch with the shared receipt rules', async () => {
    mockApi(lists);
    const user = userEvent.setup();
    renderWithProviders(<ProductForm mode="add" />);
    await fillValidProduct(user);
    await user.clear(screen.getByLabelText('Batch number'));
    await user.type(screen.getByLabelText('Batch number'), '#12');
    await user.clear(screen.getByLabelText('Expiry date'));
    await user.type(screen.getByLabelText('Expiry date'), '2020-01-31');
    await user.type(screen.getByLabelText(/Purchase price/), '12.345');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Batch number may use letters, digits, spaces and - / . only',
        'Expiry date cannot be in the past',
        'Purchase price must be an amount of at least 0 with at most 2 decimals',
      ]),
    );
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
    await user.selectOptions(screen.getByLabelText('Drug schedule'), 'Schedule H1');
    await user.type(screen.getByLabelText('Maximum units per order'), '2');
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
      batchNumber: 'DL2409A',
      expiryDate: nextYear,
      supplier: '',
      invoiceReference: '',
      purchasePrice: '',
      scheduleCode: 'H1',
      prescription: 'true',
      maxUnitsPerOrder: '2',
      isActive: 'true',
    });
    expect(form.has('keepImageUrls')).toBe(false);
  });

  it('shows the sellable stock on edit, links to the Stock section and never sends a quantity', async () => {
    const fetchMock = mockApi({
      ...lists,
      'PATCH /api/product/7': { body: { id: 7, message: 'Product updated successfully' } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ProductForm
        mode="edit"
        product={{ ...storedProduct, quantity: 3 }}
        stockSectionId="stock"
      />,
      { url: '/dashboard/product/edit/7' },
    );
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.queryByLabelText('Batch number')).toBeNull();
    const stock = screen.getByLabelText('Sellable stock');
    expect(stock.textContent).toBe('3 units (low stock)');
    expect(screen.getByRole('link', { name: 'Go to Stock' }).getAttribute('href')).toBe('#stock');

    await screen.findByRole('option', { name: 'Pain Relief' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'PATCH', '/api/product/7');
    const form = call?.[1]?.body as FormData;
    expect(form.get('name')).toBe('Dolo 650 Tablet');
    expect(form.has('quantity')).toBe(false);
    expect(form.has('batchNumber')).toBe(false);
  });

  it('shows and sends Can be returned, with its hint (issue 19)', async () => {
    const fetchMock = mockApi({
      ...lists,
      'PATCH /api/product/7': { body: { id: 7, message: 'Product updated successfully' } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ProductForm mode="edit" product={{ ...storedProduct, returnable: true }} />,
      {
        url: '/dashboard/product/edit/7',
      },
    );
    const returnable = screen.getByRole('checkbox', {
      name: 'Can be returned',
    }) as HTMLInputElement;
    expect(returnable.checked).toBe(true);
    expect(returnable.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(returnable.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Untick for cold-chain and other items that cannot be resold');
    await screen.findByRole('option', { name: 'Pain Relief' });
    await user.click(returnable);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'PATCH', '/api/product/7');
    expect((call?.[1]?.body as FormData).get('returnable')).toBe('false');
  });

  it('chooses the drug schedule instead of a prescription checkbox (issue 16)', async () => {
    mockApi(lists);
    const user = userEvent.setup();
    renderWithProviders(<ProductForm mode="add" />);
    expect(screen.queryByRole('checkbox', { name: 'Prescription required' })).toBeNull();
    const schedule = screen.getByLabelText('Drug schedule') as HTMLSelectElement;
    // A new product starts over the counter once the schedules are known.
    await waitFor(() => expect(schedule.value).toBe('OTC'));
    expect(screen.getByText('No prescription needed')).toBeTruthy();
    await user.selectOptions(schedule, 'Schedule X');
    expect(screen.getByText('Rx: prescription required')).toBeTruthy();
    expect(screen.getByText('Not sold online: the shop shows no cart button')).toBeTruthy();
    expect(screen.getByText('Dispatches go into the register')).toBeTruthy();
  });

  it('keeps the per-order limit from 1 to 1000 and shows the stored schedule on edit', async () => {
    const fetchMock = mockApi({
      ...lists,
      'PATCH /api/product/7': { body: { id: 7, message: 'Product updated successfully' } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ProductForm
        mode="edit"
        product={{
          ...storedProduct,
          schedule: schedules.H,
          prescription: true,
          maxUnitsPerOrder: 4,
        }}
      />,
      { url: '/dashboard/product/edit/7' },
    );
    await screen.findByRole('option', { name: 'Schedule H' });
    expect((screen.getByLabelText('Drug schedule') as HTMLSelectElement).value).toBe('H');
    const limit = screen.getByLabelText('Maximum units per order') as HTMLInputElement;
    expect(limit.value).toBe('4');
    await user.clear(limit);
    await user.type(limit, '1001');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(alerts()).toEqual(['Maximum units per order must be a whole number from 1 to 1000.']),
    );

    // Empty clears the limit; the schedule goes with the prescription flag it implies.
    await user.clear(limit);
    await user.selectOptions(screen.getByLabelText('Drug schedule'), 'Over the counter');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'PATCH', '/api/product/7');
    const form = call?.[1]?.body as FormData;
    expect(form.get('scheduleCode')).toBe('OTC');
    expect(form.get('prescription')).toBe('false');
    expect(form.get('maxUnitsPerOrder')).toBe('');
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
