import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  addDays,
  utcDay,
  type Batch,
  type ProductStockResponse,
  type RecallOrder,
  type StockMovement,
} from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { StockSection } from './stock-section';

const today = utcDay();

function batch(overrides: Partial<Batch> & Pick<Batch, 'id' | 'batchNumber'>): Batch {
  return {
    productId: 1,
    expiryDate: addDays(today, 200),
    daysToExpiry: 200,
    onHand: 40,
    receivedUnits: 50,
    receivedAt: '2026-10-01T09:00:00.000Z',
    purchasePrice: null,
    supplier: null,
    invoiceReference: null,
    state: 'sellable',
    recalledAt: null,
    recallReason: null,
    ...overrides,
  };
}

const batches: Batch[] = [
  batch({
    id: 11,
    batchNumber: 'OLD-1',
    expiryDate: addDays(today, -3),
    daysToExpiry: -3,
    onHand: 6,
    state: 'expired',
  }),
  batch({
    id: 12,
    batchNumber: 'SHORT-2',
    expiryDate: addDays(today, 12),
    daysToExpiry: 12,
    onHand: 9,
    state: 'short_dated',
  }),
  batch({
    id: 13,
    batchNumber: 'DL2409A',
    supplier: 'Apex Distributors',
    invoiceReference: 'INV-77',
    purchasePrice: 41.1,
  }),
];

const stockAnswer: ProductStockResponse = {
  product: {
    id: 1,
    name: 'Dolo 650 Tablet',
    isActive: true,
    quantity: 40,
    onHand: 55,
    reorderLevel: 50,
  },
  batches,
  minShelfLifeDays: 30,
  sellableFrom: addDays(today, 30),
};

const movements: StockMovement[] = [
  {
    id: 3,
    createdAt: '2026-11-20T10:15:00.000Z',
    kind: 'sale',
    units: -2,
    batchId: 13,
    batchNumber: 'DL2409A',
    reason: null,
    note: null,
    orderId: 501,
    byName: 'Ravi Kumar',
  },
  {
    id: 2,
    createdAt: '2026-11-19T08:00:00.000Z',
    kind: 'adjustment',
    units: -1,
    batchId: 13,
    batchNumber: 'DL2409A',
    reason: 'damaged',
    note: 'Crushed strip',
    orderId: null,
    byName: 'Asha Admin',
  },
];

const ledgerAnswer = (page = 1) => ({
  movements,
  pagination: { page, pageCount: 2, rowCount: 22, pageSize: 20 },
});

const recallOrders: RecallOrder[] = [
  {
    orderId: 501,
    customerName: 'Ravi Kumar',
    customerEmail: 'ravi@example.com',
    customerPhone: '9876543210',
    units: 2,
    statusId: 5,
    status: 'Delivered',
    orderedAt: '2026-11-20T10:15:00.000Z',
  },
];

const writeAnswer = (changed: Batch, message: string) => ({
  message,
  batch: changed,
  product: stockAnswer.product,
});

function renderSection(
  routes: Record<string, MockResponse | ((r: { body: unknown; url: URL }) => MockResponse)> = {},
) {
  const fetchMock = mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/inventory/products/1/batches': { body: stockAnswer },
    'GET /api/inventory/products/1/ledger': ({ url }) => ({
      body: ledgerAnswer(Number(url.searchParams.get('page') ?? 1)),
    }),
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<StockSection id="stock" productId={1} />, {
    url: '/dashboard/product/edit/1',
  });
  return { fetchMock, user, ...view };
}

const headerOf = (call: unknown[] | undefined, name: string) =>
  ((call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.[name];

describe('Stock section (issue 15)', { timeout: 20_000 }, () => {
  it('shows the sellable and on-hand units, the batches with their states and the ledger', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: 'Stock' });
    expect(await within(section).findByText('40 units')).toBeTruthy();
    expect(within(section).getByText('Low stock: below the reorder level')).toBeTruthy();
    expect(within(section).getByText('55 units')).toBeTruthy();
    expect(
      (within(section).getByRole('spinbutton', { name: 'Reorder level' }) as HTMLInputElement)
        .value,
    ).toBe('50');

    const table = within(section).getByRole('table', { name: 'Batches, first to expire first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'OLD-1',
      'SHORT-2',
      'DL2409AApex Distributors · Invoice INV-77',
    ]);
    expect(within(rows[0]!).getByText('Expired')).toBeTruthy();
    expect(within(rows[0]!).getByText('Expired 3 days ago')).toBeTruthy();
    expect(within(rows[1]!).getByText('Short-dated')).toBeTruthy();
    expect(within(rows[2]!).getByText('Sellable')).toBeTruthy();
    expect(within(rows[2]!).getByText('₹41.10/unit')).toBeTruthy();
    // Write off only what cannot be sold any more.
    expect(within(rows[0]!).getByRole('button', { name: 'Write off batch OLD-1' })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button', { name: /Write off/ })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Recall batch DL2409A' })).toBeTruthy();

    const ledger = await within(section).findByRole('table', {
      name: 'Stock movements, newest first',
    });
    const sale = within(ledger).getAllByRole('row')[1]!;
    expect(
      within(sale)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20 Nov 2026, 10:15 UTC', '\u22122', 'DL2409A', '—', '#501', 'Ravi Kumar']);
    expect(within(sale).getByRole('rowheader').textContent).toBe('Sale');
    expect(within(sale).getByRole('link', { name: '#501' }).getAttribute('href')).toBe(
      '/order/501',
    );
    expect(within(ledger).getByText('Damaged')).toBeTruthy();
    expect(within(ledger).getByText('Crushed strip')).toBeTruthy();
  });

  it('checks a goods receipt with the shared rules before sending it', async () => {
    const { fetchMock, user } = renderSection();
    const form = await screen.findByRole('form', { name: 'Receive stock' });
    await user.click(within(form).getByRole('button', { name: 'Receive Stock' }));
    await waitFor(() =>
      expect(
        within(form)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual([
        'Units must be a whole number of at least 1',
        'Batch number is required',
        'Expiry date is required',
      ]),
    );
    expect(await screen.findByText('Form validation failed')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/inventory/receipts')).toHaveLength(0);
  });

  it('receives a batch with an Idempotency-Key, toasts and empties the form', async () => {
    const received = batch({ id: 14, batchNumber: 'NEW-9', onHand: 120, receivedUnits: 120 });
    const { fetchMock, user } = renderSection({
      'POST /api/inventory/receipts': {
        status: 201,
        body: writeAnswer(received, 'Stock received'),
      },
    });
    const form = await screen.findByRole('form', { name: 'Receive stock' });
    await user.type(within(form).getByLabelText('Units'), '120');
    await user.type(within(form).getByLabelText('Batch number'), 'NEW-9');
    await user.type(within(form).getByLabelText('Expiry date'), addDays(today, 400));
    await user.type(within(form).getByLabelText(/Supplier/), 'Apex Distributors');
    await user.type(within(form).getByLabelText(/Purchase price/), '40.5');
    await user.click(within(form).getByRole('button', { name: 'Receive Stock' }));

    expect(await screen.findByText('Stock received: 120 units of batch NEW-9')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/api/inventory/receipts');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      productId: 1,
      units: 120,
      batchNumber: 'NEW-9',
      expiryDate: addDays(today, 400),
      supplier: 'Apex Distributors',
      invoiceReference: null,
      purchasePrice: 40.5,
    });
    expect(headerOf(call, 'Idempotency-Key')).toMatch(/^[\w-]{16,}$/);
    await waitFor(() =>
      expect((within(form).getByLabelText('Units') as HTMLInputElement).value).toBe(''),
    );
    // The batches and the ledger are read again.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/inventory/products/1/batches').length).toBe(2),
    );
  });

  it("shows the server's refusal under the field it names", async () => {
    const { user } = renderSection({
      'POST /api/inventory/receipts': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message:
            'expiryDate: Batch DL2409A of this product is recorded with expiry date 2027-06-30.',
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Receive stock' });
    await user.type(within(form).getByLabelText('Units'), '5');
    await user.type(within(form).getByLabelText('Batch number'), 'DL2409A');
    await user.type(within(form).getByLabelText('Expiry date'), addDays(today, 90));
    await user.click(within(form).getByRole('button', { name: 'Receive Stock' }));
    expect(
      await within(form).findByText(
        'Batch DL2409A of this product is recorded with expiry date 2027-06-30.',
      ),
    ).toBeTruthy();
  });

  it('adjusts a batch: taking units off sends negative units with the reason', async () => {
    const { fetchMock, user } = renderSection({
      'POST /api/inventory/batches/13/adjustments': {
        body: writeAnswer(batch({ id: 13, batchNumber: 'DL2409A', onHand: 37 }), 'Stock adjusted'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Adjust batch DL2409A' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust batch DL2409A' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual(['Units must be a whole number other than 0', 'Reason is required']),
    );
    await user.type(within(dialog).getByLabelText('Units'), '3');
    await user.selectOptions(
      within(dialog).getByLabelText('Reason'),
      'Other (explain in the note)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    expect(await within(dialog).findByText('Say what happened in the note')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Note/), 'Counted twice');
    await user.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));

    expect(await screen.findByText('Stock adjusted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = callsTo(fetchMock, 'POST', '/api/inventory/batches/13/adjustments');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      units: -3,
      reason: 'other',
      note: 'Counted twice',
    });
    expect(headerOf(call, 'Idempotency-Key')).toBeTruthy();
  });

  it('adds units with "Add units" and shows a refusal in the dialog', async () => {
    const { fetchMock, user } = renderSection({
      'POST /api/inventory/batches/12/adjustments': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Batch SHORT-2 is locked.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Adjust batch SHORT-2' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust batch SHORT-2' });
    await user.click(within(dialog).getByLabelText('Add units'));
    await user.type(within(dialog).getByLabelText('Units'), '4');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Returned by customer');
    await user.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    expect(await within(dialog).findByText('Batch SHORT-2 is locked.')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/api/inventory/batches/12/adjustments');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      units: 4,
      reason: 'returned_by_customer',
    });
  });

  it('writes off an expired batch after asking, with an optional note', async () => {
    const { fetchMock, user } = renderSection({
      'POST /api/inventory/batches/11/write-off': {
        body: writeAnswer(
          batch({ id: 11, batchNumber: 'OLD-1', onHand: 0, state: 'expired' }),
          'Units written off',
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Write off batch OLD-1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Write off units?' });
    expect(dialog.textContent).toContain('All 6 units of batch OLD-1 (expired) leave the stock.');
    await user.type(within(dialog).getByLabelText(/Note/), 'Sent for destruction');
    await user.click(within(dialog).getByRole('button', { name: 'Write Off' }));
    expect(await screen.findByText('Units written off')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/api/inventory/batches/11/write-off');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ note: 'Sent for destruction' });
  });

  it('recalls a batch with a reason, then lists the customers with a CSV download', async () => {
    const recalled = batch({
      id: 13,
      batchNumber: 'DL2409A',
      onHand: 0,
      state: 'recalled',
      recalledAt: `${today}T08:00:00.000Z`,
      recallReason: 'Notice MN-114',
    });
    const { fetchMock, user } = renderSection({
      'POST /api/inventory/batches/13/recall': {
        body: { ...writeAnswer(recalled, 'Batch recalled'), orders: recallOrders },
      },
      'GET /api/inventory/batches/13/orders': {
        body: { batch: recalled, productName: 'Dolo 650 Tablet', orders: recallOrders },
      },
      'GET /api/inventory/batches/13/orders.csv': { body: 'Order,Customer\n501,Ravi Kumar\n' },
    });
    await user.click(await screen.findByRole('button', { name: 'Recall batch DL2409A' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Recall batch DL2409A?' });
    await user.click(within(dialog).getByRole('button', { name: 'Recall Batch' }));
    expect(await within(dialog).findByText('A recall reason is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Notice MN-114');
    await user.click(within(dialog).getByRole('button', { name: 'Recall Batch' }));

    expect(await screen.findByText('Batch recalled')).toBeTruthy();
    const customers = await screen.findByRole('dialog', { name: 'Customers of batch DL2409A' });
    expect(
      JSON.parse(
        String(callsTo(fetchMock, 'POST', '/api/inventory/batches/13/recall')[0]?.[1]?.body),
      ),
    ).toEqual({
      reason: 'Notice MN-114',
    });
    expect(within(customers).getByText(/Notice MN-114/)).toBeTruthy();
    const row = within(customers).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: '#501' }).getAttribute('href')).toBe('/order/501');
    expect(within(row).getByText('Ravi Kumar')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'ravi@example.com' }).getAttribute('href')).toBe(
      'mailto:ravi@example.com',
    );
    expect(within(row).getByRole('link', { name: '9876543210' }).getAttribute('href')).toBe(
      'tel:9876543210',
    );
    expect(within(row).getByText('Delivered')).toBeTruthy();

    const createObjectURL = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const csv = within(customers).getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/inventory/batches/13/orders.csv');
    await user.click(csv);
    expect(await screen.findByText('Downloaded batch-13-orders.csv')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    const [download] = callsTo(fetchMock, 'GET', '/api/inventory/batches/13/orders.csv');
    expect(download).toBeTruthy();
  });

  it('saves the reorder level', async () => {
    const { fetchMock, user } = renderSection({
      'PUT /api/inventory/products/1/reorder-level': {
        body: {
          message: 'Reorder level saved',
          product: { ...stockAnswer.product, reorderLevel: 20 },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Reorder level' });
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const level = within(form).getByRole('spinbutton', { name: 'Reorder level' });
    await user.clear(level);
    await user.type(level, '20');
    await user.click(save);
    expect(await screen.findByText('Reorder level saved')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'PUT', '/api/inventory/products/1/reorder-level');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reorderLevel: 20 });
  });

  it('says so when the stock cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderSection({
      'GET /api/inventory/products/1/batches': () =>
        fail
          ? {
              status: 500,
              body: { statusCode: 500, error: 'Error', message: 'Something went wrong' },
            }
          : { body: { ...stockAnswer, batches: [] } },
    });
    expect(await screen.findByText('The stock could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No batches yet.')).toBeTruthy();
  });
});
