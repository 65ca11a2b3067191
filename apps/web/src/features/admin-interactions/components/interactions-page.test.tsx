import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRUG_INTERACTION_MESSAGES, type DrugInteraction } from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { InteractionsPage, readInteractionParams } from './interactions-page';

const pair = (overrides: Partial<DrugInteraction> = {}): DrugInteraction => ({
  id: 1,
  ingredientA: 'Clopidogrel',
  ingredientB: 'Omeprazole',
  severity: 'moderate',
  effect: 'Omeprazole lowers the activation of clopidogrel.',
  advice: 'Prefer pantoprazole.',
  source: 'Stockley',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const aspirin = pair({
  id: 2,
  ingredientA: 'Aspirin',
  ingredientB: 'Clopidogrel',
  severity: 'major',
  effect: 'Bleeding risk rises.',
  advice: 'Often intended; check it is.',
  source: null,
});
const list = (interactions: DrugInteraction[], pageCount = interactions.length ? 1 : 0) => ({
  body: {
    interactions,
    pagination: { page: 1, pageCount, rowCount: interactions.length, pageSize: 25 },
  },
});
const rowOf = async (name: string) =>
  within((await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement);
const queryOf = (fetchMock: ReturnType<typeof signInAsAdmin>) =>
  callsTo(fetchMock, 'GET', '/api/drug-interactions').map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
  );

describe('InteractionsPage (issue 31 point 4)', { timeout: 20_000 }, () => {
  it('reads its filters from the address, ignoring what is not one', () => {
    expect(
      readInteractionParams(new URLSearchParams('page=3&search= aspirin &severity=major')),
    ).toEqual({ page: 3, search: 'aspirin', severity: 'major' });
    expect(readInteractionParams(new URLSearchParams('page=-1&severity=severe'))).toEqual({
      page: 1,
      search: '',
      severity: '',
    });
  });

  it('lists each pair with its severity as a word, what happens, what to do and the source', async () => {
    signInAsAdmin({ 'GET /api/drug-interactions': list([aspirin, pair()]) });
    renderWithProviders(<InteractionsPage />);
    const major = await rowOf('Aspirin + Clopidogrel');
    expect(major.getByText('Major')).toBeTruthy();
    expect(major.getByText('Bleeding risk rises.')).toBeTruthy();
    expect(major.getByText('None given')).toBeTruthy();
    const moderate = await rowOf('Clopidogrel + Omeprazole');
    expect(moderate.getByText('Moderate')).toBeTruthy();
    expect(moderate.getByText('Stockley')).toBeTruthy();
    expect(screen.getByText('2 pairs')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeTruthy();
  });

  it('searches by ingredient and filters by severity through the query', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/drug-interactions': ({ url }) =>
        url.searchParams.get('severity') === 'major' ? list([aspirin]) : list([aspirin, pair()]),
    });
    const user = userEvent.setup();
    renderWithProviders(<InteractionsPage />);
    await rowOf('Clopidogrel + Omeprazole');
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by ingredient' }),
      'clopi{Enter}',
    );
    await user.selectOptions(screen.getByLabelText('Severity'), 'major');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Omeprazole/ })).toBeNull());
    expect(queryOf(fetchMock)).toContainEqual({ page: '1', search: 'clopi', severity: 'major' });
  });

  it('shows the empty states with their actions, and the error state with a retry', async () => {
    signInAsAdmin({ 'GET /api/drug-interactions': list([]) });
    const first = renderWithProviders(<InteractionsPage />);
    expect(await screen.findByText('No interactions in the table yet.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add interaction' })).toHaveLength(2);
    first.unmount();

    signInAsAdmin({ 'GET /api/drug-interactions': list([]) });
    const second = renderWithProviders(<InteractionsPage />, {
      url: '/dashboard/interactions?severity=minor',
    });
    expect(await screen.findByText('No interaction matches these filters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    second.unmount();

    signInAsAdmin({
      'GET /api/drug-interactions': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    renderWithProviders(<InteractionsPage />);
    expect(await screen.findByText('The interaction table could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('adds a pair: the shared schema checks the form, the server’s duplicate sentence is shown', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/drug-interactions': list([pair()]),
      'POST /api/drug-interactions': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: DRUG_INTERACTION_MESSAGES.duplicate },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<InteractionsPage />);
    await rowOf('Clopidogrel + Omeprazole');
    await user.click(screen.getAllByRole('button', { name: 'Add interaction' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add interaction' }));
    await user.type(dialog.getByLabelText('First ingredient'), 'Omeprazole');
    await user.type(dialog.getByLabelText('Second ingredient'), ' omeprazole');
    await user.click(dialog.getByRole('button', { name: 'Add interaction' }));
    expect(dialog.getByText(DRUG_INTERACTION_MESSAGES.sameIngredient)).toBeTruthy();
    expect(dialog.getByText(DRUG_INTERACTION_MESSAGES.effect)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/drug-interactions')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Second ingredient'));
    await user.type(dialog.getByLabelText('Second ingredient'), 'Clopidogrel');
    await user.selectOptions(dialog.getByLabelText('Severity'), 'major');
    expect(dialog.getByText(/approval needs an override reason/)).toBeTruthy();
    await user.type(dialog.getByLabelText('What happens'), 'Less effect.');
    await user.type(dialog.getByLabelText('What to do'), 'Use pantoprazole.');
    await user.click(dialog.getByRole('button', { name: 'Add interaction' }));
    expect(await dialog.findByText(DRUG_INTERACTION_MESSAGES.duplicate)).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'POST', '/api/drug-interactions')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      ingredientA: 'Omeprazole',
      ingredientB: 'Clopidogrel',
      severity: 'major',
      effect: 'Less effect.',
      advice: 'Use pantoprazole.',
      source: null,
    });
  });

  it('edits a pair with its values filled in, and deletes one after confirming', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/drug-interactions': list([pair()]),
      'PUT /api/drug-interactions/1': {
        body: { interaction: pair({ severity: 'minor' }), message: 'Interaction saved.' },
      },
      'DELETE /api/drug-interactions/1': { body: { message: 'Interaction deleted.' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<InteractionsPage />);
    const row = await rowOf('Clopidogrel + Omeprazole');
    await user.click(row.getByRole('button', { name: 'Edit Clopidogrel + Omeprazole' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit Clopidogrel + Omeprazole' }),
    );
    expect(dialog.getByLabelText('Source (optional)')).toHaveProperty('value', 'Stockley');
    await user.selectOptions(dialog.getByLabelText('Severity'), 'minor');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Interaction saved.')).toBeTruthy();
    const [, put] = callsTo(fetchMock, 'PUT', '/api/drug-interactions/1')[0] ?? [];
    expect(JSON.parse(String(put?.body))).toMatchObject({ severity: 'minor', source: 'Stockley' });

    await user.click(row.getByRole('button', { name: 'Delete Clopidogrel + Omeprazole' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete interaction?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Interaction deleted.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', '/api/drug-interactions/1')).toHaveLength(1);
  });
});
