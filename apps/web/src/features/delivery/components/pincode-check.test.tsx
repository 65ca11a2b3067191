import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PINCODE_INVALID } from '@pharmacy/shared';
import { callsTo, mockApi, settingsResponse, type Handler } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { PINCODE_STORAGE_KEY } from '../lib/remembered-pincode';
import { PincodeCheck } from './pincode-check';

const estimate = (pincode: string, served: boolean, cod = true): Handler => ({
  body: {
    pincode,
    serviceable: served,
    zone: served ? 'Mumbai' : null,
    cashOnDelivery: served && cod,
    deliverBy: served ? '2026-12-04' : null,
    dispatchOn: served ? '2026-12-02' : null,
    sameDay: false,
    inStock: null,
    text: served ? 'Delivery by Fri, 4 Dec' : `We do not deliver to ${pincode} yet`,
  },
});

describe('pincode check (issue 29)', { timeout: 20_000 }, () => {
  beforeEach(() => window.localStorage.clear());

  it('checks six digits before asking, then says the promise and remembers the pincode', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/delivery/estimate': ({ url }) =>
        (url.searchParams.get('pincode') === '744101'
          ? estimate('744101', false)
          : estimate('400001', true)) as { body: unknown },
    });
    const user = userEvent.setup();
    renderWithProviders(<PincodeCheck productId={12} />);
    const input = screen.getByLabelText('Check delivery to your pincode');
    await user.type(input, '4000');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(PINCODE_INVALID)).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/delivery/estimate')).toHaveLength(0);

    await user.type(input, '01');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery by Fri, 4 Dec')).toBeTruthy();
    expect(screen.getByText('Cash on delivery available')).toBeTruthy();
    expect(window.localStorage.getItem(PINCODE_STORAGE_KEY)).toBe('400001');
    const [call] = callsTo(fetchMock, 'GET', '/api/delivery/estimate');
    expect(String(call?.[0])).toContain('productId=12');

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const again = screen.getByLabelText('Check delivery to your pincode');
    await user.clear(again);
    await user.type(again, '744101');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('We do not deliver to 744101 yet')).toBeTruthy();
    expect(screen.queryByText('Cash on delivery available')).toBeNull();
  });

  it('starts from the pincode this browser checked last', async () => {
    window.localStorage.setItem(PINCODE_STORAGE_KEY, '400001');
    mockApi({
      'GET /api/settings': { body: settingsResponse },
      'GET /api/delivery/estimate': estimate('400001', true, false),
    });
    renderWithProviders(<PincodeCheck compact />);
    expect(await screen.findByText('Delivery by Fri, 4 Dec')).toBeTruthy();
    expect(screen.getByText('Pay online for this pincode')).toBeTruthy();
  });
});
