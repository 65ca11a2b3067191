import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHIPMENT_MESSAGES } from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { queryKeyRoots } from '../../../lib/query-keys';
import { callsTo } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { CouriersPage } from './couriers-page';

const delhivery = {
  id: 1,
  name: 'Delhivery',
  trackingUrlTemplate: 'https://www.delhivery.com/track/package/{awb}',
  isActive: true,
};

describe('couriers (issue 29)', { timeout: 20_000 }, () => {
  it('lists couriers and adds one, with the shared rules checked before sending', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/couriers': { body: { couriers: [delhivery] } },
      'POST /api/couriers': ({ body }) => ({ body: { id: 2, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CouriersPage />);
    expect(await screen.findByText('Delhivery')).toBeTruthy();
    expect(screen.getByText('In use')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add courier' });
    await user.type(within(dialog).getByLabelText('Name'), 'Blue Dart');
    const url = within(dialog).getByLabelText('Tracking page');
    await user.clear(url);
    await user.type(url, 'https://bluedart.example/track');
    await user.click(within(dialog).getByRole('button', { name: 'Save courier' }));
    expect(await within(dialog).findByText(SHIPMENT_MESSAGES.trackingUrl)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/couriers')).toHaveLength(0);

    await user.type(url, '/{{awb}');
    expect(within(dialog).getByText('https://bluedart.example/track/AWB123')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save courier' }));
    const [call] = callsTo(fetchMock, 'POST', '/api/couriers');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Blue Dart',
      trackingUrlTemplate: 'https://bluedart.example/track/{awb}',
      isActive: true,
    });
  });

  it("shows the server's sentence on a name taken already", async () => {
    signInAsAdmin({
      'GET /api/couriers': { body: { couriers: [delhivery] } },
      'POST /api/couriers': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'A courier with this name exists already.',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CouriersPage />);
    await user.click(await screen.findByRole('button', { name: 'Add courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add courier' });
    await user.type(within(dialog).getByLabelText('Name'), 'Delhivery');
    const url = within(dialog).getByLabelText('Tracking page');
    await user.clear(url);
    await user.type(url, 'https://delhivery.example/{{awb}');
    await user.click(within(dialog).getByRole('button', { name: 'Save courier' }));
    expect(
      await within(dialog).findByText('A courier with this name exists already.'),
    ).toBeTruthy();
  });

  it("turns a courier off and refreshes the dispatch form's list of couriers", async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/couriers': { body: { couriers: [delhivery] } },
      'PUT /api/couriers/1': ({ body }) => ({ body: { id: 1, ...(body as object) } }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<CouriersPage />);
    // What the admin order page's dispatch form read earlier.
    const dispatchKey = [...queryKeyRoots.orders, 'couriers'];
    queryClient.setQueryData(dispatchKey, { couriers: [delhivery] });

    await user.click(await screen.findByRole('button', { name: 'Edit Delhivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Delhivery' });
    expect(within(dialog).getByLabelText('Tracking page')).toHaveProperty(
      'value',
      delhivery.trackingUrlTemplate,
    );
    expect(within(dialog).getByText('https://www.delhivery.com/track/package/AWB123')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: /In use/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save courier' }));

    expect(await screen.findByText('Delhivery saved')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'PUT', '/api/couriers/1');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Delhivery',
      trackingUrlTemplate: delhivery.trackingUrlTemplate,
      isActive: false,
    });
    await waitFor(() => expect(queryClient.getQueryState(dispatchKey)?.isInvalidated).toBe(true));
    expect(callsTo(fetchMock, 'POST', '/api/couriers')).toHaveLength(0);
  });

  it('says so when there is none yet', async () => {
    signInAsAdmin({ 'GET /api/couriers': { body: { couriers: [] } } });
    renderWithProviders(<CouriersPage />);
    expect(await screen.findByText('No couriers yet.')).toBeTruthy();
  });
});
