import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { CatalogueImport } from './catalogue-import';

const file = (text: string) => new File([text], 'catalogue.csv', { type: 'text/csv' });
const preview = {
  previewToken: 'a'.repeat(64),
  rows: 3,
  toCreate: 2,
  toUpdate: 1,
  unchanged: 0,
  refused: 0,
  refusedRows: [],
  newDivisions: 1,
  newManufacturers: 0,
  newSaltCompositions: 2,
};

describe('catalogue import (issue 18 point 4)', () => {
  it('lists the refused rows by line and reason, and offers no import', async () => {
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/catalog/import/preview': {
        body: {
          ...preview,
          toCreate: 1,
          refused: 1,
          refusedRows: [{ line: 5, reason: 'Offer Price must be less than MRP.' }],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CatalogueImport />);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Please choose a CSV file.')).toBeTruthy();

    await user.upload(screen.getByLabelText('CSV file'), file('ID,Name\n'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const refused = await screen.findByRole('region', { name: 'Refused rows table' });
    expect(refused.textContent).toContain('5');
    expect(refused.textContent).toContain('Offer Price must be less than MRP.');
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
  });

  it('imports the previewed file with its token and shows the counts', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'POST /api/catalog/import/preview': { body: preview },
      'POST /api/catalog/import': {
        body: { message: 'Imported.', created: 2, updated: 1, unchanged: 0 },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CatalogueImport />);
    await user.upload(screen.getByLabelText('CSV file'), file('ID,Name\n'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('New names will be added: 1 division, 2 salt compositions.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByRole('heading', { name: 'Import complete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to products' }).getAttribute('href')).toBe(
      '/dashboard/product',
    );
    const [call] = callsTo(fetchMock, 'POST', '/api/catalog/import');
    expect(String(call?.[0])).toContain(`previewToken=${preview.previewToken}`);
    expect((call?.[1]?.body as FormData).get('file')).toBeInstanceOf(File);
  });
});
