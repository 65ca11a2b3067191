import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Address } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const member = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

const home: Address = {
  id: 11,
  name: 'Ravi Kumar',
  phone: '9876543210',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  alternatePhone: null,
  isPrimary: true,
};
const office: Address = { ...home, id: 12, street: '4 Residency Road', isPrimary: false };

type Routes = Record<
  string,
  MockResponse | ((request: { body: unknown; url: URL }) => MockResponse)
>;

function signIn(routes: Routes) {
  window.localStorage.setItem('token', 'session-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    ...routes,
  });
}

function addressForm() {
  return screen.getByRole('form', { name: 'Address' });
}

function fieldOf(label: string) {
  return within(addressForm()).getByLabelText(label, { exact: true }) as HTMLInputElement;
}

function alertTexts() {
  return within(addressForm())
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(fieldOf('Name'), 'Ravi Kumar');
  await user.type(fieldOf('Phone'), '9876543210');
  await user.type(fieldOf('Street'), '7 Church Street');
  await user.type(fieldOf('City'), 'Bengaluru');
  await user.type(fieldOf('State'), 'Karnataka');
  await user.type(fieldOf('Pin Code'), '560001');
}

describe('saved addresses', () => {
  it("says 'Loading address...' and then 'No addresses found.'", async () => {
    signIn({ 'GET /api/user/getAllAddress': { body: { addressList: [] } } });
    renderApp('/dashboard/address');
    expect(await screen.findByText('Loading address...')).toBeTruthy();
    expect(await screen.findByText('No addresses found.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Saved Address' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add' }).getAttribute('href')).toBe(
      '/dashboard/address/add',
    );
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('titles the primary card and opens the edit page from each card', async () => {
    signIn({ 'GET /api/user/getAllAddress': { body: { addressList: [home, office] } } });
    renderApp('/dashboard/address');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Default Delivery Address',
      'Delivery Address',
    ]);
    expect(within(cards[1]!).getByRole('link', { name: /^Edit/ }).getAttribute('href')).toBe(
      '/dashboard/address/edit/12',
    );
  });

  it('deletes after the confirmation, in an accessible dialog', async () => {
    let list = [home, office];
    const fetchMock = signIn({
      'GET /api/user/getAllAddress': () => ({ body: { addressList: list } }),
      'DELETE /api/user/deleteAddress/12': () => {
        list = [home];
        return { body: { message: 'Address deleted successfully' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/address');
    const cards = await screen.findAllByRole('article');
    const deleteButton = within(cards[1]!).getByRole('button', { name: /^Delete/ });

    await user.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete address' });
    expect(within(dialog).getByText('Are you sure you want to delete this address?')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(deleteButton);
    expect(callsTo(fetchMock, 'DELETE', '/api/user/deleteAddress/12')).toHaveLength(0);

    await user.click(deleteButton);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Address deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE', '/api/user/deleteAddress/12')).toHaveLength(1);
  });
});

describe('add address', () => {
  it("asks for each field with '{Field} is required' and keeps the country at India", async () => {
    const fetchMock = signIn({ 'GET /api/user/getAllAddress': { body: { addressList: [home] } } });
    const user = userEvent.setup();
    renderApp('/dashboard/address/add');
    await screen.findByRole('form', { name: 'Address' });
    expect(fieldOf('Country').value).toBe('India');
    expect(fieldOf('Country').readOnly).toBe(true);

    await user.click(within(addressForm()).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(alertTexts()).toEqual([
        'Name is required',
        'Phone is required',
        'Street is required',
        'City is required',
        'State is required',
        'Pin Code is required',
      ]),
    );
    await user.type(fieldOf('Pin Code'), '5600');
    await waitFor(() => expect(alertTexts()).toContain('Pin Code must be 6 digits'));
    expect(callsTo(fetchMock, 'POST', '/api/user/saveAddress')).toHaveLength(0);
  });

  it('saves once, toasts and returns to the redirectTo with the new addressId', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = signIn({
      'GET /api/user/getAllAddress': { body: { addressList: [home] } },
      'POST /api/user/saveAddress': {
        status: 201,
        body: { addressId: 31, message: 'Address added successfully' },
      },
    });
    const realFetch = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/saveAddress')) await gate;
      return realFetch!(input, init);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/about');
    await router.navigate('/dashboard/address/add', { state: { redirectTo: '/faq' } });
    await screen.findByRole('form', { name: 'Address' });

    await fillAddress(user);
    await user.click(fieldOf('Make this my default address'));
    await user.dblClick(within(addressForm()).getByRole('button', { name: 'Save address' }));
    expect(
      (await within(addressForm()).findByRole('button', { name: 'Saving...' })).hasAttribute(
        'disabled',
      ),
    ).toBe(true);
    release();

    expect(await screen.findByText('Address added successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(router.state.location.state).toEqual({ addressId: 31 });
    const calls = callsTo(fetchMock, 'POST', '/api/user/saveAddress');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      name: 'Ravi Kumar',
      phone: '9876543210',
      street: '7 Church Street',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pinCode: '560001',
      alternatePhone: null,
      isPrimary: true,
    });
  });

  it('makes the first address the default without asking', async () => {
    signIn({ 'GET /api/user/getAllAddress': { body: { addressList: [] } } });
    renderApp('/dashboard/address/add');
    await screen.findByText('Your first address becomes your default delivery address.');
    const primary = fieldOf('Make this my default address');
    expect(primary.checked).toBe(true);
    expect(primary.disabled).toBe(true);
  });
});

describe('edit address', () => {
  it('loads the address, saves it and goes back', async () => {
    const fetchMock = signIn({
      'GET /api/user/getAllAddress': { body: { addressList: [home, office] } },
      'GET /api/user/getAddressById/12': { body: { address: office } },
      'PATCH /api/user/updateAddress/12': {
        body: { addressId: 12, message: 'Address added successfully' },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/address');
    const cards = await screen.findAllByRole('article');
    await user.click(within(cards[1]!).getByRole('link', { name: /^Edit/ }));
    await screen.findByRole('form', { name: 'Address' });
    expect(fieldOf('Street').value).toBe('4 Residency Road');

    await user.click(fieldOf('Make this my default address'));
    await user.click(within(addressForm()).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address added successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/address'));
    const body = JSON.parse(
      String(callsTo(fetchMock, 'PATCH', '/api/user/updateAddress/12')[0]?.[1]?.body),
    ) as { isPrimary: boolean; street: string };
    expect(body.isPrimary).toBe(true);
    expect(body.street).toBe('4 Residency Road');
  });

  it("shows 'No address found.' for an unknown or foreign id", async () => {
    signIn({
      'GET /api/user/getAddressById/99': {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'No address found.' },
      },
    });
    const { unmount } = renderApp('/dashboard/address/edit/99');
    expect(await screen.findByText('No address found.')).toBeTruthy();
    unmount();

    signIn({});
    renderApp('/dashboard/address/edit/abc');
    expect(await screen.findByText('No address found.')).toBeTruthy();
  });

  it('deletes from the edit page and goes back', async () => {
    signIn({
      'GET /api/user/getAllAddress': { body: { addressList: [home] } },
      'GET /api/user/getAddressById/11': { body: { address: home } },
      'DELETE /api/user/deleteAddress/11': { body: { message: 'Address deleted successfully' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/address/edit/11');
    await screen.findByRole('form', { name: 'Address' });
    expect(fieldOf('Make this my default address').disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Address deleted successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/address'));
  });
});
