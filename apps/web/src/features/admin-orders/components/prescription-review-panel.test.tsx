import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS,
  TRANSCRIPTION_MESSAGES,
  type InteractionFinding,
  type OrderDetailResponse,
  type Prescription,
  type Product,
} from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { PrescriptionReviewPanel } from './prescription-review-panel';

const pharmacist = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: 'KA/PH/2019/04512',
};

function line(id: number, name: string, prescription: boolean) {
  return {
    id,
    quantity: 1,
    count: 1,
    productName: name,
    offerPrice: 50,
    maximumRetailPrice: 60,
    lineTotal: 50,
    discount: 0,
    prescription,
    product: { id: id + 10, name, images: [] },
  };
}

function detail(statusId: number = ORDER_STATUS.WAITING_TO_ACCEPT): OrderDetailResponse {
  return {
    order: {
      id: 42,
      statusId,
      status: 'Waiting To Accept',
      addressId: 3,
      userId: 7,
      totalOrderValue: 150,
      createdAt: '2026-11-20T10:00:00.000Z',
      expectedDeliveryDate: null,
      deliveredAt: null,
      orderedBy: { id: 7, name: 'Ravi Member' },
      itemCount: 3,
      firstItemImage: null,
      hasPrescriptionItems: true,
      shippingAddress: null,
      paymentNote: 'Cash on Delivery',
      subtotal: 150,
      couponCode: null,
      couponDiscount: 0,
      pointsRedeemed: 0,
      pointsDiscount: 0,
      canCancel: false,
    },
    orderDetails: [
      line(1, 'Taxim-O 200 Tablet', true),
      line(2, 'Dolo 650 Tablet', false),
      line(3, 'Calpol 650 Tablet', false),
    ],
    statusHistory: [],
    dispensing: {
      approval: null,
      nextStatusIds: [ORDER_STATUS.CANCELLED],
      duplicateTherapies: [
        {
          saltCompositionId: 5,
          saltCompositionName: 'Paracetamol (650mg)',
          productIds: [12, 13],
          productNames: ['Dolo 650 Tablet', 'Calpol 650 Tablet'],
          message:
            'Both Dolo 650 Tablet and Calpol 650 Tablet contain Paracetamol (650mg); taking both may double the dose.',
        },
      ],
    },
    taxDocuments: { invoice: null, creditNotes: [] },
  };
}

/** Taxim-O 200 (line 1's product 11): cefixime 200mg, Schedule H (not H1). */
const taxim: Product = {
  id: 11,
  name: 'Taxim-O 200 Tablet',
  offerPrice: 50,
  maximumRetailPrice: 60,
  quantity: 20,
  prescription: true,
  schedule: {
    code: 'H',
    name: 'Schedule H',
    requiresPrescription: true,
    onlineSale: true,
    keepsRegister: false,
  },
  maxUnitsPerOrder: null,
  isActive: true,
  images: [],
  divisionId: 1,
  manufacturerId: 1,
  saltCompositionId: 4,
  division: { id: 1, name: 'Antibiotics' },
  manufacturer: { id: 1, name: 'Alkem' },
  saltComposition: { id: 4, name: 'Cefixime (200mg)' },
  dosageForm: 'Tablet',
  strength: '200mg',
  packSize: '10 tablets',
  description: null,
  hsnCode: '3004',
  gstRate: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const majorFinding: InteractionFinding = {
  pairKey: 'aspirin|clopidogrel',
  ingredientA: 'Aspirin',
  ingredientB: 'Clopidogrel',
  severity: 'major',
  effect: 'Bleeding risk rises.',
  advice: 'Check both are intended.',
  reference: 'BNF',
  source: 'recent-order',
  between: [
    {
      line: { kind: 'line', lineId: 1, productId: 11, productName: 'Taxim-O 200 Tablet' },
      with: {
        kind: 'order',
        orderId: 17,
        orderedAt: '2026-10-01T10:00:00.000Z',
        productId: 30,
        productName: 'Ecosprin 75',
      },
    },
  ],
};

const pending: Prescription = {
  id: 9,
  comment: 'Dosage as discussed with Dr. Mehta',
  reviewStatus: 'pending',
  reviewReason: null,
  reviewedBy: null,
  reviewerRegistrationNumber: null,
  prescriberName: null,
  prescriberRegistrationNumber: null,
  patientName: null,
  reviewedAt: null,
  createdAt: '2026-11-20T10:05:00.000Z',
  files: [
    {
      id: 31,
      originalName: 'prescription-scan.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 2048,
      url: '/api/prescription-file/31',
    },
  ],
};

function signIn(
  profile:
    | typeof pharmacist
    | (Omit<typeof pharmacist, 'pharmacistRegistrationNumber'> & {
        pharmacistRegistrationNumber: null;
      }),
  routes: Record<
    string,
    MockResponse | ((request: { body: unknown; url: URL }) => MockResponse)
  > = {},
) {
  window.localStorage.setItem('token', 'test-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: profile },
    'GET /api/order/getOrderDetail/42': { body: detail() },
    'GET /api/order/42/prescriptions': { body: { prescriptions: [pending] } },
    'GET /api/prescription-file/31': { body: {} },
    'GET /api/product/11': { body: taxim },
    ...routes,
  });
}

describe('prescription review panel (issues 16, 31)', { timeout: 20_000 }, () => {
  it('shows the files beside the order lines, marking prescription lines and duplicate therapies', async () => {
    signIn(pharmacist);
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    const lines = await screen.findByRole('list', { name: 'Order lines' });
    const items = within(lines).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Prescription required')).toBeTruthy();
    expect(within(items[0]!).queryByText(/Duplicate therapy/)).toBeNull();
    for (const item of items.slice(1)) {
      expect(within(item).queryByText('Prescription required')).toBeNull();
      expect(item.textContent).toContain(
        'Duplicate therapy: Both Dolo 650 Tablet and Calpol 650 Tablet contain Paracetamol (650mg); taking both may double the dose.',
      );
    }
    expect(await screen.findByText('prescription-scan.pdf')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Prescription files' })).toBeTruthy();
  });

  it('transcribes beside the files: lines prefilled from the order, validity and what remains shown, the shared schema checked, then approved', async () => {
    const fetchMock = signIn(pharmacist, {
      'POST /api/order/42/prescription-review': {
        body: { message: 'Prescription approved. The order is accepted.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    const form = within(await screen.findByRole('form', { name: 'Transcribe and approve' }));
    // One line per prescription product, covering any brand of its salt at its strength.
    const line = within(form.getByRole('group', { name: 'Taxim-O 200 Tablet' }));
    expect(line.getByLabelText('Covers')).toHaveProperty('value', 'salt');
    expect(line.getByLabelText('Strength')).toHaveProperty('value', '200mg');
    expect(line.getByLabelText('Total quantity allowed')).toHaveProperty('value', '1');
    expect(
      line.getByText('This order takes 1 unit; 0 units remain for later orders.'),
    ).toBeTruthy();
    expect(form.queryByRole('group', { name: 'Dolo 650 Tablet' })).toBeNull();

    await user.click(form.getByRole('button', { name: 'Approve' }));
    expect(form.getByText(TRANSCRIPTION_MESSAGES.prescriberName)).toBeTruthy();
    expect(form.getByText(TRANSCRIPTION_MESSAGES.issuedOn)).toBeTruthy();
    expect(line.getByText(TRANSCRIPTION_MESSAGES.dose)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/order/42/prescription-review')).toHaveLength(0);

    await user.type(form.getByLabelText("Prescriber's name"), 'Dr. Meera Rao');
    await user.type(form.getByLabelText('Qualification'), 'MBBS, MD');
    await user.type(form.getByLabelText('Registration number'), 'KMC 45678');
    await user.type(form.getByLabelText('Council'), 'Karnataka Medical Council');
    await user.type(form.getByLabelText('Date of issue'), '2026-11-18');
    expect(form.getByText(/^Valid until .*2027\.$/)).toBeTruthy();
    await user.type(line.getByLabelText('Dose'), '1 tablet');
    await user.type(line.getByLabelText('Frequency'), 'Twice a day');
    await user.type(line.getByLabelText('Duration (days)'), '5');
    await user.clear(line.getByLabelText('Total quantity allowed'));
    await user.type(line.getByLabelText('Total quantity allowed'), '3');
    expect(
      line.getByText('This order takes 1 unit; 2 units remain for later orders.'),
    ).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Prescription approved. The order is accepted.')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/api/order/42/prescription-review');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      decision: 'approve',
      transcription: {
        prescriberName: 'Dr. Meera Rao',
        prescriberQualification: 'MBBS, MD',
        prescriberRegistrationNumber: 'KMC 45678',
        prescriberCouncil: 'Karnataka Medical Council',
        issuedOn: '2026-11-18',
        lines: [
          {
            saltCompositionId: 4,
            productId: null,
            strength: '200mg',
            dose: '1 tablet',
            frequency: 'Twice a day',
            durationDays: 5,
            quantity: 3,
          },
        ],
      },
    });
  });

  it('lists the interactions found; a major one needs the override reason before Approve, and the server’s refusal is shown', async () => {
    const refusal =
      'This order has a major interaction: Aspirin + Clopidogrel. Approve it only with an override reason (interactionOverrideReason), or reject the prescription.';
    const fetchMock = signIn(pharmacist, {
      'GET /api/order/getOrderDetail/42': { body: { ...detail(), interactions: [majorFinding] } },
      'POST /api/order/42/prescription-review': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: refusal },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    const found = await screen.findByRole('list', { name: 'Interactions found' });
    expect(found.textContent).toContain('Major: Aspirin + Clopidogrel');
    expect(found.textContent).toContain('Taxim-O 200 Tablet with Ecosprin 75 of order #17');
    expect(found.textContent).toContain('What to do: Check both are intended.');

    const form = within(await screen.findByRole('form', { name: 'Transcribe and approve' }));
    const approve = form.getByRole('button', { name: 'Approve' });
    expect(approve).toHaveProperty('disabled', true);
    expect(form.getByText('Write the override reason to approve.')).toBeTruthy();
    await user.type(form.getByLabelText('Override reason'), 'Cardiologist intends dual therapy.');
    expect(approve).toHaveProperty('disabled', false);

    await user.type(form.getByLabelText("Prescriber's name"), 'Dr. Meera Rao');
    await user.type(form.getByLabelText('Qualification'), 'MBBS');
    await user.type(form.getByLabelText('Registration number'), 'KMC 45678');
    await user.type(form.getByLabelText('Council'), 'Karnataka Medical Council');
    await user.type(form.getByLabelText('Date of issue'), '2026-11-18');
    const line = within(form.getByRole('group', { name: 'Taxim-O 200 Tablet' }));
    await user.type(line.getByLabelText('Dose'), '1 tablet');
    await user.type(line.getByLabelText('Frequency'), 'Daily');
    await user.type(line.getByLabelText('Duration (days)'), '30');
    await user.click(approve);
    expect(await form.findByText(refusal)).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/api/order/42/prescription-review');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      decision: 'approve',
      interactionOverrideReason: 'Cardiologist intends dual therapy.',
    });
  });

  it('approves an order using a saved prescription without a new transcription', async () => {
    const saved = {
      id: 5,
      patient: { id: 2, name: 'Asha Rao' },
      prescriber: {
        name: 'Dr. Meera Rao',
        qualification: 'MBBS',
        registrationNumber: 'KMC 45678',
        council: 'Karnataka Medical Council',
      },
      issuedOn: '2026-11-01',
      validUntil: '2027-04-30',
      scheduleH1: false,
      status: 'valid' as const,
      approvedBy: { name: 'Asha Admin', registrationNumber: 'KA/PH/2019/04512' },
      approvedAt: '2026-11-02T10:00:00.000Z',
      orderId: 30,
      lines: [
        {
          id: 8,
          saltCompositionId: 4,
          productId: null,
          medicineName: 'Cefixime (200mg)',
          strength: '200mg',
          dose: '1 tablet',
          frequency: 'Twice a day',
          durationDays: 5,
          prescribedUnits: 10,
          dispensedUnits: 3,
          remainingUnits: 7,
        },
      ],
    };
    const fetchMock = signIn(pharmacist, {
      'GET /api/order/42/prescriptions': {
        body: { prescriptions: [{ ...pending, files: [], savedPrescription: saved }] },
      },
      'POST /api/order/42/prescription-review': {
        body: { message: 'Prescription approved. The order is accepted.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    const form = within(
      await screen.findByRole('form', { name: 'Approve with the saved prescription' }),
    );
    expect(form.getByText(/for Asha Rao, by Dr\. Meera Rao/)).toBeTruthy();
    expect(form.getByText(/7 of 10 units remain/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Transcribe and approve' })).toBeNull();
    await user.click(form.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Prescription approved. The order is accepted.')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/api/order/42/prescription-review');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ decision: 'approve' });
  });

  it('shows the order’s patient with their allergies, and dates the validity by the shop’s settings', async () => {
    const withPatient = detail(ORDER_STATUS.WAITING_TO_ACCEPT);
    withPatient.dispensing.patient = {
      id: 7,
      name: 'Kamala Verma',
      relation: 'parent',
      isSelf: false,
      dateOfBirth: null,
      ageYears: 71,
      sex: 'female',
      allergies: ['penicillin'],
      createdAt: '2026-11-01T09:00:00.000Z',
      updatedAt: '2026-11-01T09:00:00.000Z',
    };
    withPatient.dispensing.prescriptionValidity = { validDays: 90, h1ValidDays: 30 };
    signIn(pharmacist, { 'GET /api/order/getOrderDetail/42': { body: withPatient } });
    const user = userEvent.setup();
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    const form = within(await screen.findByRole('form', { name: 'Transcribe and approve' }));
    expect(screen.getByText('Kamala Verma').closest('dd')?.textContent).toBe(
      'Kamala Verma (71 years, Female, parent of the account holder)',
    );
    expect(screen.getByText('Known allergies').nextElementSibling?.textContent).toBe('penicillin');
    await user.type(form.getByLabelText('Date of issue'), '2026-11-18');
    expect(form.getByText(/^Valid until .*16 Feb 2027\.$/)).toBeTruthy();
  });

  it('lists the overrides already recorded for admins', async () => {
    const withOverride = detail(ORDER_STATUS.ACCEPTED);
    withOverride.dispensing.interactionOverrides = [
      {
        id: 1,
        pairKey: 'aspirin|clopidogrel',
        ingredients: ['aspirin', 'clopidogrel'],
        severity: 'major',
        reason: 'Cardiologist intends dual therapy.',
        pharmacistId: 1,
        pharmacistName: 'Asha Admin',
        createdAt: '2026-11-21T09:30:00.000Z',
      },
    ];
    signIn(pharmacist, { 'GET /api/order/getOrderDetail/42': { body: withOverride } });
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    const overrides = await screen.findByRole('region', { name: 'Interaction overrides' });
    expect(overrides.textContent).toContain('Major: aspirin + clopidogrel');
    expect(overrides.textContent).toContain('“Cardiologist intends dual therapy.”');
    expect(screen.queryByRole('form', { name: 'Transcribe and approve' })).toBeNull();
  });

  it('sends an admin without a registration number to their profile instead', async () => {
    signIn({ ...pharmacist, pharmacistRegistrationNumber: null });
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain(
      'Only a registered pharmacist can approve or reject a prescription. Add your pharmacist registration number to your profile first.',
    );
    expect(
      within(note).getByRole('link', { name: 'Add it to your profile' }).getAttribute('href'),
    ).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows who approved, with the prescriber and the patient read from the prescription', async () => {
    signIn(pharmacist, {
      'GET /api/order/getOrderDetail/42': { body: detail(ORDER_STATUS.ACCEPTED) },
      'GET /api/order/42/prescriptions': {
        body: {
          prescriptions: [
            {
              ...pending,
              reviewStatus: 'approved',
              reviewedBy: 'Asha Admin',
              reviewerRegistrationNumber: 'KA/PH/2019/04512',
              prescriberName: 'Dr. Meera Rao',
              prescriberRegistrationNumber: 'KMC 45678',
              patientName: 'Ravi Kumar',
              reviewedAt: '2026-11-21T09:30:00.000Z',
            },
          ],
        },
      },
    });
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    expect(
      await screen.findByText(/^Approved by Asha Admin \(Reg\. no KA\/PH\/2019\/04512\) on /),
    ).toBeTruthy();
    expect(screen.getByText('Dr. Meera Rao (Reg. no KMC 45678)')).toBeTruthy();
    expect(screen.getByText('Ravi Kumar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
