import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeliveryArea } from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { DeliveryAreasPage } from './delivery-areas-page';

const area = (overrides: Partial<DeliveryArea> = {}): DeliveryArea => ({
  id: 2,
  pincodeFrom: '560001',
  pincodeTo: '560110',
  zone: 'Bengaluru',
  serviceable: true,
  deliveryDays: 1,
  cashOnDelivery: true,
  sameDay: true,
  sameDayCutoff: '14:00',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const india = area({
  id: 1,
  pincodeFrom: '100000',
  pincodeTo: '999999',
  zone: 'Rest of India',
  deliveryDays: 5,
  sameDay: false,
  sameDayCutoff: null,
});
const islands = area({
  id: 3,
  pincodeFrom: '744101',
  pincodeTo: '744304',
  zone: 'Andaman and Nicobar Islands',
  serviceable: false,
  deliveryDays: 7,
  sameDay: false,
  sameDayCutoff: null,
});
const list = (areas: DeliveryArea[], pageCount = areas.length ? 1 : 0) => ({
  body: {
    areas,
    pagination: { page: 1, pageCount, rowCount: areas.length, pageSize: 50 },
  },
});
const rowOf = async (name: RegExp) =>
  within((await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement);

describe('DeliveryAreasPage', () => {
  it('says how matching works and lists the areas: range, zone, days, COD, same day, not served', async () => {
    signInAsAdmin({ 'GET /api/delivery/areas': list([india, area(), islands]) });
    renderWithProviders(<DeliveryAreasPage />);
    expect(screen.getByText('A pincode takes the narrowest range that holds it.')).toBeTruthy();

    const bengaluru = await rowOf(/^560001–560110/);
    expect(bengaluru.getByText('Bengaluru')).toBeTruthy();
    expect(bengaluru.getByText('1 working day')).toBeTruthy();
    expect(bengaluru.getByText('Yes')).toBeTruthy();
    expect(bengaluru.getByText('Before 14:00')).toBeTruthy();

    const rest = await rowOf(/^100000–999999/);
    expect(rest.getByText('5 working days')).toBeTruthy();
    expect(rest.getByText('No')).toBeTruthy();

    const notServed = await rowOf(/^744101–744304/);
    expect(notServed.getByText('Not served')).toBeTruthy();
    expect(screen.getByText('3 areas')).toBeTruthy();
  });

  it('searches by pincode, says which area a full pincode takes, and refuses letters', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/delivery/areas': ({ url }) =>
        url.searchParams.get('pincode') === '560034' ? list([india, area()]) : list([india]),
    });
    renderWithProviders(<DeliveryAreasPage />);
    await rowOf(/^100000–999999/);
    const box = screen.getByRole('searchbox', { name: 'Search by pincode' });

    await userEvent.type(box, '56a{Enter}');
    expect(await screen.findByText('Search by up to 6 digits of a pincode.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(box);
    await userEvent.type(box, '560034{Enter}');
    const bengaluru = await rowOf(/^560001–560110/);
    expect(bengaluru.getByText('Applies to 560034')).toBeTruthy();
    expect(
      screen.getByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent ===
            '560034 takes Bengaluru (560001–560110): 1 working day, cash on delivery, same day before 14:00.'
          : false,
      ),
    ).toBeTruthy();
    const searched = callsTo(fetchMock, 'GET', '/api/delivery/areas').map(([input]) =>
      new URL(String(input), 'http://localhost').searchParams.get('pincode'),
    );
    expect(searched).toContain('560034');
    expect(searched).not.toContain('56a');
  });

  it('shows the empty states with their actions, and the error state with a retry', async () => {
    signInAsAdmin({ 'GET /api/delivery/areas': list([]) });
    const first = renderWithProviders(<DeliveryAreasPage />);
    expect(await screen.findByText('No delivery areas yet.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add area' })).toHaveLength(2);
    first.unmount();

    signInAsAdmin({ 'GET /api/delivery/areas': list([]) });
    const second = renderWithProviders(<DeliveryAreasPage />, {
      url: '/dashboard/delivery/areas?pincode=123456',
    });
    expect(await screen.findByText('No area holds 123456.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeTruthy();
    second.unmount();

    signInAsAdmin({
      'GET /api/delivery/areas': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    renderWithProviders(<DeliveryAreasPage />);
    expect(await screen.findByText('The delivery areas could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('adds an area: the shared schema checks the form, then the range goes to the server', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/delivery/areas': list([india]),
      'POST /api/delivery/areas': {
        body: area({ id: 9, pincodeFrom: '110001', pincodeTo: '110097', zone: 'Delhi' }),
      },
    });
    renderWithProviders(<DeliveryAreasPage />);
    await rowOf(/^100000–999999/);
    await userEvent.click(screen.getByRole('button', { name: 'Add area' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add delivery area' }));

    await userEvent.type(dialog.getByLabelText('From pincode'), '11000');
    await userEvent.type(dialog.getByLabelText('To pincode (optional)'), '100000');
    await userEvent.click(dialog.getByRole('button', { name: 'Add area' }));
    expect(dialog.getByText('From pincode must be 6 digits, like 560001.')).toBeTruthy();
    expect(dialog.getByText('Zone must be 1 to 60 characters.')).toBeTruthy();
    expect(dialog.getByText('Days to deliver must be a whole number from 0 to 30.')).toBeTruthy();
    // The first field in error takes the focus and says so.
    expect(document.activeElement).toBe(dialog.getByLabelText('From pincode'));
    expect(dialog.getByLabelText('From pincode').getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(dialog.getByLabelText('From pincode'), '1');
    await userEvent.type(dialog.getByLabelText('Zone'), 'Delhi');
    await userEvent.type(dialog.getByLabelText('Days to deliver'), '2');
    await userEvent.click(dialog.getByRole('button', { name: 'Add area' }));
    // The range's own rules, once each field is right.
    expect(
      await dialog.findByText('To pincode must be 6 digits and not before the first one.'),
    ).toBeTruthy();
    await userEvent.clear(dialog.getByLabelText('To pincode (optional)'));
    await userEvent.type(dialog.getByLabelText('To pincode (optional)'), '110097');
    await userEvent.click(dialog.getByLabelText('Same-day delivery'));
    await userEvent.click(dialog.getByRole('button', { name: 'Add area' }));
    expect(await dialog.findByText('Same-day delivery needs its cut-off time.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/delivery/areas')).toHaveLength(0);

    await userEvent.click(dialog.getByLabelText('Same-day delivery'));
    await userEvent.click(dialog.getByLabelText('Cash on delivery'));
    await userEvent.click(dialog.getByRole('button', { name: 'Add area' }));

    expect(await screen.findByText('Delivery area Delhi (110001–110097) added.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = callsTo(fetchMock, 'POST', '/api/delivery/areas')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      pincodeFrom: '110001',
      pincodeTo: '110097',
      zone: 'Delhi',
      serviceable: true,
      deliveryDays: 2,
      cashOnDelivery: false,
      sameDay: false,
      sameDayCutoff: null,
    });
  });

  it("edits an area and shows the server's sentence when it refuses", async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/delivery/areas': list([area()]),
      'PUT /api/delivery/areas/2': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'sameDayCutoff: Same-day cut-off must be a time like 14:00.',
        },
      },
    });
    renderWithProviders(<DeliveryAreasPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Bengaluru (560001–560110)' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit Bengaluru (560001–560110)' }),
    );
    expect((dialog.getByLabelText('Same-day cut-off') as HTMLInputElement).value).toBe('14:00');
    await userEvent.clear(dialog.getByLabelText('Days to deliver'));
    await userEvent.type(dialog.getByLabelText('Days to deliver'), '0');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(
      await dialog.findByText('sameDayCutoff: Same-day cut-off must be a time like 14:00.'),
    ).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'PUT', '/api/delivery/areas/2')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      pincodeFrom: '560001',
      pincodeTo: '560110',
      deliveryDays: 0,
      sameDay: true,
      sameDayCutoff: '14:00',
    });
  });

  it('removes an area after asking, and says so', async () => {
    let removed = false;
    const fetchMock = signInAsAdmin({
      'GET /api/delivery/areas': () => list(removed ? [india] : [india, islands]),
      'DELETE /api/delivery/areas/3': () => {
        removed = true;
        return { body: { message: 'Delivery area removed' } };
      },
    });
    renderWithProviders(<DeliveryAreasPage />);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Remove Andaman and Nicobar Islands (744101–744304)',
      }),
    );
    const confirm = within(
      await screen.findByRole('alertdialog', { name: 'Remove delivery area?' }),
    );
    expect(confirm.getByText(/fall back to the next wider area/)).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/delivery/areas/3')).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('button', { name: 'Remove Andaman and Nicobar Islands (744101–744304)' }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(
      await screen.findByText('Delivery area Andaman and Nicobar Islands (744101–744304) removed.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /^744101–744304/ })).toBeNull(),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/delivery/areas/3')).toHaveLength(1);
  });
});
