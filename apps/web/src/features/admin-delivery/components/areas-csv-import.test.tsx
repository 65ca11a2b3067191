import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo, type Handler } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AreasCsvImport, TEMPLATE_CSV } from './areas-csv-import';

const csv = (text: string) => new File([text], 'areas.csv', { type: 'text/csv' });

describe('delivery areas CSV import (issue 29)', { timeout: 20_000 }, () => {
  it('previews first: refused rows keep Import off; a clean file is imported', async () => {
    let clean = false;
    const preview: Handler = () =>
      clean
        ? {
            body: {
              creates: 1,
              updates: 1,
              unchanged: 0,
              refused: [],
              sample: [
                {
                  line: 2,
                  pincodeFrom: '560001',
                  pincodeTo: '560110',
                  zone: 'Bengaluru',
                  action: 'create',
                },
                {
                  line: 3,
                  pincodeFrom: '744101',
                  pincodeTo: '744101',
                  zone: 'Islands',
                  action: 'update',
                },
              ],
            },
          }
        : {
            body: {
              creates: 1,
              updates: 0,
              unchanged: 0,
              refused: [
                { line: 3, message: 'Days to deliver must be a whole number from 0 to 30.' },
              ],
              sample: [],
            },
          };
    const fetchMock = signInAsAdmin({
      'POST /api/delivery/areas/import/preview': preview,
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
    renderWithProviders(<AreasCsvImport />);
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import delivery areas' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv('broken'));
    expect(
      await within(dialog).findByText(
        'Line 3: Days to deliver must be a whole number from 0 to 30.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);

    clean = true;
    await user.upload(within(dialog).getByLabelText('CSV file'), csv(TEMPLATE_CSV));
    expect(await within(dialog).findByText('Bengaluru')).toBeTruthy();
    const [previewCall] = callsTo(fetchMock, 'POST', '/api/delivery/areas/import/preview').slice(
      -1,
    );
    expect((previewCall?.[1]?.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(callsTo(fetchMock, 'POST', '/api/delivery/areas/import')).toHaveLength(1);
  });
});
