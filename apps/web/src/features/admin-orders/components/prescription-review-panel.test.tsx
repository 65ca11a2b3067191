import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderDetailResponse, type Prescription } from '@pharmacy/shared';
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
    ...routes,
  });
}

function panel() {
  return screen.getByRole('heading', { name: 'Prescriptions', level: 2 }).parentElement!
    .parentElement!;
}

describe('prescription review panel (issue 16)', () => {
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

  it("asks for the prescriber's name and registration number and the patient's name to approve", async () => {
    const fetchMock = signIn(pharmacist, {
      'POST /api/order/42/prescription-review': {
        body: { message: 'Prescription approved. The order is accepted.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PrescriptionReviewPanel orderId={42} />);
    await screen.findByText('prescription-scan.pdf');
    const approve = within(panel()).getByRole('button', { name: 'Approve' });
    await waitFor(() => expect((approve as HTMLButtonElement).disabled).toBe(false));
    await user.click(approve);

    const dialog = screen.getByRole('dialog', { name: 'Approve prescription' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      "Please enter the prescriber's name.",
      "Please enter the prescriber's registration number.",
      "Please enter the patient's name.",
    ]);
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Prescriber's name"));
    expect(callsTo(fetchMock, 'POST', '/api/order/42/prescription-review')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Prescriber's name"), ' Dr. Meera Rao ');
    await user.type(within(dialog).getByLabelText("Prescriber's registration number"), 'KMC#45678');
    await user.type(within(dialog).getByLabelText("Patient's name"), 'Ravi Kumar');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "The prescriber's registration number may hold only letters, digits, spaces and . / -",
    );
    await user.clear(within(dialog).getByLabelText("Prescriber's registration number"));
    await user.type(within(dialog).getByLabelText("Prescriber's registration number"), 'KMC 45678');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Prescription approved. The order is accepted.')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST', '/api/order/42/prescription-review');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      decision: 'approve',
      prescriberName: 'Dr. Meera Rao',
      prescriberRegistrationNumber: 'KMC 45678',
      patientName: 'Ravi Kumar',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Approve prescription' })).toBeNull(),
    );
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
