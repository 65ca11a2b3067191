import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DELIVERY_CSV_COLUMNS, type DeliveryImportPreview } from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo, type Handler } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { TEMPLATE_CSV } from './areas-csv-import';
import { DeliveryAreasPage } from './delivery-areas-page';

const csv = (text: string) => new File([text], 'areas.csv', { type: 'text/csv' });

const refusedPreview: DeliveryImportPreview = {
  creates: 1,
  updates: 0,
  unchanged: 0,
  refused: [{ line: 3, message: 'Days to deliver must be a whole number from 0 to 30.' }],
  sample: [],
};
const cleanPreview: DeliveryImportPreview = {
  creates: 1,
  updates: 1,
  unchanged: 0,
  refused: [],
  sample: [
    { line: 2, pincodeFrom: '560001', pincodeTo: '560110', zone: 'Bengaluru', action: 'create' },
    {
      line: 3,
      pincodeFrom: '744101',
      pincodeTo: '744101',
      zone: 'Andaman and Nicobar Islands',
      action: 'update',
    },
  ],
};
const noAreas = {
  body: { areas: [], pagination: { page: 1, pageCount: 0, rowCount: 0, pageSize: 50 } },
};

describe('delivery areas CSV import (issue 29)', { timeout: 20_000 }, () => {
  it('shows the columns and a template with a same-day range and a pincode not served', async () => {
    signInAsAdmin({ 'GET /api/delivery/areas': noAreas });
    const user = userEvent.setup();
    renderWithProviders(<DeliveryAreasPage />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import delivery areas' });
    for (const column of DELIVERY_CSV_COLUMNS)
      expect(within(dialog).getByText(column)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download a template' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);

    const [header, sameDay, notServed] = TEMPLATE_CSV.split('\n');
    expect(header).toBe(DELIVERY_CSV_COLUMNS.join(','));
    expect(sameDay).toBe('560001,560110,Bengaluru,1,yes,yes,14:00,yes');
    expect(notServed?.split(',')).toEqual([
      '744101',
      '',
      'Andaman and Nicobar Islands',
      '7',
      'no',
      'no',
      '',
      'no',
    ]);
  });

  it('previews first: refused rows keep Import off; a clean file is imported and the list refreshed', async () => {
    let preview = refusedPreview;
    const previewHandler: Handler = () => ({ body: preview });
    const fetchMock = signInAsAdmin({
      'GET /api/delivery/areas': noAreas,
      'POST /api/delivery/areas/import/preview': previewHandler,
      'POST /api/delivery/areas/import': {
        body: {
          message: 'Imported: 1 added, 1 changed, 0 unchanged.',
          creates: 1,
          updates: 1,
          unchanged: 0,
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DeliveryAreasPage />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import delivery areas' });

    await user.upload(within(dialog).getByLabelText('CSV file'), csv('broken'));
    const refused = await within(dialog).findByRole('table', { name: /Refused rows/ });
    const [, row] = within(refused).getAllByRole('row');
    expect(within(row as HTMLElement).getByText('3')).toBeTruthy();
    expect(
      within(row as HTMLElement).getByText('Days to deliver must be a whole number from 0 to 30.'),
    ).toBeTruthy();
    const refusedFigure = within(dialog).getByText('Refused').nextElementSibling;
    expect(refusedFigure?.textContent).toBe('1');
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('Fix the refused rows first.')).toBeTruthy();

    preview = cleanPreview;
    const file = csv(TEMPLATE_CSV);
    await user.upload(within(dialog).getByLabelText('CSV file'), file);
    const sample = await within(dialog).findByRole('table', { name: /first rows/i });
    expect(within(sample).getByText('Bengaluru')).toBeTruthy();
    expect(within(sample).getByRole('cell', { name: 'Add' })).toBeTruthy();
    expect(within(sample).getByRole('cell', { name: 'Change' })).toBeTruthy();
    expect(within(dialog).queryByRole('table', { name: /Refused rows/ })).toBeNull();
    // The file itself is the body, as text/csv (not JSON, not a form).
    const [, init] = callsTo(fetchMock, 'POST', '/api/delivery/areas/import/preview').at(-1) ?? [];
    expect(init?.body).toBe(file);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('text/csv');

    const listReads = callsTo(fetchMock, 'GET', '/api/delivery/areas').length;
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 1 added, 1 changed, 0 unchanged.')).toBeTruthy();
    const [importCall] = callsTo(fetchMock, 'POST', '/api/delivery/areas/import');
    expect(importCall?.[1]?.body).toBe(file);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/delivery/areas').length).toBeGreaterThan(listReads),
    );
  });

  it('says there is nothing to import when every row is as saved', async () => {
    signInAsAdmin({
      'GET /api/delivery/areas': noAreas,
      'POST /api/delivery/areas/import/preview': {
        body: { ...cleanPreview, creates: 0, updates: 0, unchanged: 2 },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DeliveryAreasPage />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import delivery areas' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv(TEMPLATE_CSV));
    expect(
      await within(dialog).findByText('Nothing to import: every row is as saved.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  });
});
