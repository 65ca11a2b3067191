import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATIENT_MESSAGES, type Patient } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type Handler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 31 point 1: the member's Patients page. */
const member = {
  id: 7,
  name: 'Asha Rao',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

const patient = (overrides: Partial<Patient> = {}): Patient => ({
  id: 3,
  name: 'Kamala Rao',
  relation: 'parent',
  isSelf: false,
  dateOfBirth: null,
  ageYears: 71,
  sex: 'female',
  allergies: ['penicillin'],
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

function signIn(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'member-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    ...routes,
  });
}

describe('Patients', () => {
  it('lists each patient with age, sex and allergies', async () => {
    signIn({ 'GET /api/patients': { body: { patients: [patient()] } } });
    renderApp('/dashboard/patients');
    const list = await screen.findByRole('list', { name: 'Patients' }, { timeout: 10_000 });
    expect(within(list).getByRole('heading', { name: /Kamala Rao/ })).toBeTruthy();
    expect(within(list).getByText('71 years · Female')).toBeTruthy();
    expect(within(list).getByRole('list', { name: 'Allergies of Kamala Rao' }).textContent).toBe(
      'penicillin',
    );
  }, 30_000);

  it('shows the empty state, then adds a patient with the age instead of a date of birth', async () => {
    const user = userEvent.setup();
    const fetchMock = signIn({
      'GET /api/patients': { body: { patients: [] } },
      'POST /api/patients': ({ body }) => ({
        body: { message: PATIENT_MESSAGES.created, patient: patient({ ...(body as object) }) },
      }),
    });
    renderApp('/dashboard/patients');
    expect(await screen.findByText('No patients yet.', {}, { timeout: 10_000 })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Add a patient' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add a patient' });
    // The first patient of an account is most likely the member.
    expect((within(dialog).getByLabelText('Who is this?') as HTMLSelectElement).value).toBe('self');

    await user.click(within(dialog).getByRole('button', { name: 'Add patient' }));
    expect(await within(dialog).findByText(PATIENT_MESSAGES.name)).toBeTruthy();
    expect(within(dialog).getByText(PATIENT_MESSAGES.bornOrAged)).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Name'), 'Kamala Rao');
    await user.selectOptions(within(dialog).getByLabelText('Who is this?'), 'parent');
    await user.click(within(dialog).getByLabelText('I know the age'));
    await user.type(within(dialog).getByLabelText('Age in years'), '71');
    await user.type(within(dialog).getByLabelText('Known allergies (salts)'), 'Penicillin{Enter}');
    expect(within(dialog).getByRole('list', { name: 'Allergies' }).textContent).toBe('Penicillin');
    await user.click(within(dialog).getByRole('button', { name: 'Add patient' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/patients')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/patients')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Kamala Rao',
      relation: 'parent',
      dateOfBirth: null,
      ageYears: 71,
      sex: 'female',
      allergies: ['penicillin'],
    });
    expect(await screen.findByText(PATIENT_MESSAGES.created)).toBeTruthy();
  }, 30_000);

  it('offers to try again when the list cannot be loaded', async () => {
    signIn({
      'GET /api/patients': { status: 500, body: { message: 'An unknown error occurred' } },
    });
    renderApp('/dashboard/patients');
    expect(
      await screen.findByText('Your patients could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  }, 30_000);
});
