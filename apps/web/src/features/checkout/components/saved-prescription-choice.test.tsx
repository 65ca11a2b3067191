import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COVERAGE_MESSAGES, type Patient, type SavedPrescription } from '@pharmacy/shared';
import { callsTo, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { defaultPatientId } from './patient-choice';
import { PrescriptionStep } from './prescription-step';
import { SavedPrescriptionChoice } from './saved-prescription-choice';

const saved: SavedPrescription = {
  id: 12,
  patient: { id: 3, name: 'Kamala Rao' },
  prescriber: {
    name: 'Dr. Meera Iyer',
    qualification: 'MBBS, MD',
    registrationNumber: 'KMC 45678',
    council: 'Karnataka Medical Council',
  },
  issuedOn: '2026-11-20',
  validUntil: '2027-05-19',
  scheduleH1: false,
  status: 'valid',
  approvedBy: { name: 'Administrator', registrationNumber: 'KA/PH/2019/04512' },
  approvedAt: '2026-11-21T10:00:00.000Z',
  orderId: 40,
  lines: [
    {
      id: 1,
      saltCompositionId: 37,
      productId: null,
      medicineName: 'Clopidogrel (75mg)',
      strength: '75 mg',
      dose: '1 tablet',
      frequency: 'once a day',
      durationDays: 30,
      prescribedUnits: 10,
      dispensedUnits: 2,
      remainingUnits: 8,
    },
  ],
};

describe('Use a saved prescription (issue 31 point 3)', () => {
  it('lists the prescription with its patient, doctor, validity and what remains', () => {
    mockApi();
    renderWithProviders(<SavedPrescriptionChoice orderId={41} prescriptions={[saved]} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Kamala Rao' })).toBeTruthy();
    expect(item.textContent).toContain('Dr. Meera Iyer, MBBS, MD');
    expect(item.textContent).toContain('Valid until');
    // The salt's name carries its strength already: it is not repeated.
    expect(within(item).getByRole('rowheader').textContent).toBe(
      'Clopidogrel (75mg)1 tablet, once a day, 30 days',
    );
    expect(within(item).getByRole('row', { name: /Clopidogrel/ }).textContent).toContain(
      '10 units8 units',
    );
  });

  it("shows the server's sentence when it refuses, as it came", async () => {
    const user = userEvent.setup();
    const refusal = COVERAGE_MESSAGES.beyondRemaining('Clopilet 75 Tablet', 10, 8);
    const fetchMock = mockApi({
      'POST /api/order/41/use-saved-prescription': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: refusal },
      },
      'GET /api/order/41/saved-prescriptions': { body: { prescriptions: [saved] } },
    });
    renderWithProviders(<SavedPrescriptionChoice orderId={41} prescriptions={[saved]} />);
    await user.click(screen.getByRole('button', { name: /^Use this prescription/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    const [, init] = callsTo(fetchMock, 'POST', '/api/order/41/use-saved-prescription')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ prescriptionId: 12 });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Use this prescription/ })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  });
});

describe('the prescription step (issue 31)', () => {
  it('says why no saved prescription is offered when the member has some that do not fit', async () => {
    mockApi({
      'GET /api/order/41/prescriptions': { body: { prescriptions: [] } },
      'GET /api/order/41/saved-prescriptions': { body: { prescriptions: [] } },
      'GET /api/prescriptions/saved': {
        body: { prescriptions: [{ ...saved, status: 'expired', validUntil: '2026-11-01' }] },
      },
      'GET /api/patients': { body: { patients: [] } },
    });
    renderWithProviders(<PrescriptionStep orderId={41} />);
    expect(
      await screen.findByText(/None of your saved prescriptions covers this order/),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Use a saved prescription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My Prescriptions' }).getAttribute('href')).toBe(
      '/dashboard/my-prescriptions',
    );
    // The member is the patient by default, with no patient record of their own.
    expect(
      (screen.getByLabelText('Who is this prescription for?') as HTMLSelectElement).value,
    ).toBe('');
  }, 30_000);
});

describe('defaultPatientId', () => {
  const patient = (id: number, isSelf: boolean) => ({ id, isSelf }) as Patient;
  it.each([
    { patients: [], passed: null, expected: null },
    { patients: [patient(4, false)], passed: null, expected: null },
    { patients: [patient(4, false), patient(5, true)], passed: null, expected: 5 },
    { patients: [patient(4, false), patient(5, true)], passed: 4, expected: 4 },
    { patients: [patient(4, false)], passed: 9, expected: null },
  ])(
    'chooses $expected among $patients.length (passed $passed)',
    ({ patients, passed, expected }) => {
      expect(defaultPatientId(patients, passed)).toBe(expected);
    },
  );
});
