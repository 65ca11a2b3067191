import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRUG_INTERACTION_CSV_COLUMNS, type DrugInteractionImportPreview } from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo, type Handler } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { TEMPLATE_CSV } from './interactions-csv-import';
import { InteractionsPage } from './interactions-page';

const csv = (text: string) => new File([text], 'ddinter.csv', { type: 'text/csv' });
const noRows = {
  body: { interactions: [], pagination: { page: 1, pageCount: 0, rowCount: 0, pageSize: 25 } },
};
const refusedPreview: DrugInteractionImportPreview = {
  creates: 1,
  updates: 0,
  unchanged: 0,
  refusedCount: 250,
  refused: Array.from({ length: 200 }, (_, index) => ({
    line: index + 3,
    message: 'Choose the severity: major, moderate or minor.',
  })),
  sample: [],
};
const cleanPreview: DrugInteractionImportPreview = {
  creates: 1,
  updates: 1,
  unchanged: 0,
  refusedCount: 0,
  refused: [],
  sample: [
    {
      line: 2,
      ingredientA: 'Warfarin',
      ingredientB: 'Aspirin',
      severity: 'major',
      action: 'create',
    },
    {
      line: 3,
      ingredientA: 'Clopidogrel',
      ingredientB: 'Omeprazole',
      severity: 'moderate',
      action: 'update',
    },
  ],
};

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  return within(await screen.findByRole('dialog', { name: 'Import drug interactions' }));
}

describe('drug interactions CSV import (issue 31 point 4)', { timeout: 20_000 }, () => {
  it('documents the columns and offers a template in the import’s format', async () => {
    signInAsAdmin({ 'GET /api/drug-interactions': noRows });
    const user = userEvent.setup();
    renderWithProviders(<InteractionsPage />);
    const dialog = await openDialog(user);
    for (const column of DRUG_INTERACTION_CSV_COLUMNS)
      expect(dialog.getByText(column)).toBeTruthy();
    expect(dialog.getByText(/DDInter’s Level/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Download a template' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(TEMPLATE_CSV.split('\n')[0]).toBe(DRUG_INTERACTION_CSV_COLUMNS.join(','));
  });

  it('previews first: refused rows keep Import off; a clean file is imported and the list refreshed', async () => {
    let preview = refusedPreview;
    const previewHandler: Handler = () => ({ body: preview });
    const fetchMock = signInAsAdmin({
      'GET /api/drug-interactions': noRows,
      'POST /api/drug-interactions/import/preview': previewHandler,
      'POST /api/drug-interactions/import': {
        body: {
          message: 'Imported: 1 added, 1 changed, 0 unchanged.',
          creates: 1,
          updates: 1,
          unchanged: 0,
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<InteractionsPage />);
    const dialog = await openDialog(user);

    await user.upload(dialog.getByLabelText('CSV file'), csv('broken'));
    const refused = await dialog.findByRole('table', { name: /Refused rows/ });
    expect(within(refused).getAllByRole('row')).toHaveLength(201);
    expect(dialog.getByText(/The first 200 of 250 are listed/)).toBeTruthy();
    expect(dialog.getByText('Refused').nextElementSibling?.textContent).toBe('250');
    expect(dialog.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(dialog.getByText('Fix the refused rows first.')).toBeTruthy();

    preview = cleanPreview;
    const file = csv(TEMPLATE_CSV);
    await user.upload(dialog.getByLabelText('CSV file'), file);
    const sample = await dialog.findByRole('table', { name: /first rows/i });
    expect(within(sample).getByText('Warfarin + Aspirin')).toBeTruthy();
    expect(within(sample).getByText('Major')).toBeTruthy();
    expect(within(sample).getByRole('cell', { name: 'Change' })).toBeTruthy();
    // The file itself is the body, as text/csv.
    const [, init] =
      callsTo(fetchMock, 'POST', '/api/drug-interactions/import/preview').at(-1) ?? [];
    expect(init?.body).toBe(file);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('text/csv');

    const listReads = callsTo(fetchMock, 'GET', '/api/drug-interactions').length;
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 1 added, 1 changed, 0 unchanged.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/drug-interactions').length).toBeGreaterThan(listReads),
    );
  });

  it('shows a file refused as a whole with the server’s sentence', async () => {
    signInAsAdmin({
      'GET /api/drug-interactions': noRows,
      'POST /api/drug-interactions/import/preview': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'file: The file needs the columns effect, advice.',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<InteractionsPage />);
    const dialog = await openDialog(user);
    await user.upload(dialog.getByLabelText('CSV file'), csv('Drug_A,Drug_B,Level'));
    expect(await dialog.findByText(/The file needs the columns effect, advice/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  });
});
