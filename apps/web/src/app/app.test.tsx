import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reloadSession } from '../lib/auth-session';
import { mockApi, settingsResponse } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const admin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};
const member = { ...admin, id: 7, name: 'Ravi Member', roleId: 2 };

function signIn(profile: typeof admin) {
  window.localStorage.setItem('token', 'test-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: profile },
  });
}

describe('home search', () => {
  it('rejects an empty or blank term with the spec message', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const user = userEvent.setup();
    renderApp('/');

    const hero = await screen.findByRole('heading', { level: 1, name: 'Your Online Pharmacy' });
    expect(hero).toBeTruthy();
    const searchButton = screen.getByRole('button', { name: 'Search' });
    await user.click(searchButton);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a search term.');

    await user.type(screen.getByLabelText('Search medicines'), '   ');
    await user.click(searchButton);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a search term.');
  });

  it('opens the shop with the search term', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    const user = userEvent.setup();
    const { router } = renderApp('/');

    await user.type(await screen.findByLabelText('Search medicines'), 'paracetamol');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “paracetamol”' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shop');
    expect(router.state.location.search).toBe('?search=paracetamol');
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe(
      'paracetamol',
    );
  });
});

describe('not-found page', () => {
  it.each(['/nonexistent', '/404', '/dashboard/nonexistent'])('is shown at %s', async (url) => {
    mockApi();
    renderApp(url);
    expect(await screen.findByText('The page you are looking for was not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });
});

describe('header user menu', () => {
  it('offers Login and Sign Up when signed out, and closes on Escape and outside clicks', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/about');

    const heading = await screen.findByRole('heading', { level: 1, name: 'About us' });
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Login', 'Sign Up']);
    expect(within(menu).getByRole('menuitem', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/login?type=signup',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseDown(heading);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("shows an admin's name with Dashboard and Sign Out", async () => {
    signIn(admin);
    const user = userEvent.setup();
    const { router } = renderApp('/about');

    await user.click(await screen.findByRole('button', { name: 'Asha Admin' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Dashboard', 'Sign Out']);
    expect(window.localStorage.getItem('userId')).toBe('1');

    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('userId')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows Settings to a member', async () => {
    signIn(member);
    const user = userEvent.setup();
    renderApp('/faq');

    await user.click(await screen.findByRole('button', { name: 'Ravi Member' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Sign Out']);
  });

  it('signs out locally when the profile cannot be loaded (spec §4)', async () => {
    window.localStorage.setItem('token', 'expired');
    reloadSession();
    mockApi({
      'GET /api/user/myProfile': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Token expired' },
      },
    });
    renderApp('/about');

    expect(await screen.findByText('Please login')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('login page', () => {
  it('stores a token from the query (the Google sign-in return) and goes home', async () => {
    mockApi({ 'GET /api/user/myProfile': { body: member } });
    const { router } = renderApp('/auth?type=login&token=from-google');
    expect(await screen.findByRole('button', { name: 'Ravi Member' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('token')).toBe('from-google');
  });

  it('shows the sign-up frame for type=signup', async () => {
    mockApi();
    renderApp('/login?type=signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
  });
});

describe('header cart and drawer', () => {
  it('shows 0 in the cart badge when signed out', async () => {
    mockApi();
    renderApp('/about');
    const cart = await screen.findByRole('button', { name: 'your cart is empty' });
    expect(cart.textContent).toBe('0');
  });

  it('opens the side navigation with the three filters and closes it with Escape', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/about');

    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    const drawer = await screen.findByRole('dialog', { name: 'Browse' });
    for (const label of ['Division', 'Manufacturer', 'Salt Composition']) {
      expect(within(drawer).getByLabelText(label)).toBeTruthy();
    }
    expect(await within(drawer).findByText('No divisions found.')).toBeTruthy();
    expect(within(drawer).getByText('No Manufacturer found.')).toBeTruthy();
    expect(within(drawer).getAllByRole('button', { name: /^Clear selection/ })).toHaveLength(3);
    expect(
      within(drawer)
        .getAllByRole('link', { name: /^See all/ })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/divisions', '/manufacturers', '/salt-compositions']);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });
});

describe('dashboard shell', () => {
  it('asks a signed-out visitor to sign in', async () => {
    mockApi();
    renderApp('/dashboard');
    expect(await screen.findByText('Please sign in to see your dashboard.')).toBeTruthy();
  });

  it('shows the admin entries only to admins', async () => {
    signIn(member);
    const { unmount } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'My Profile',
      'Account Security',
      'Address',
      'Orders',
      'My Refills',
      'Patients',
      'My Prescriptions',
      'Rewards',
      'Stock Alerts',
      'Privacy & data',
    ]);
    expect(await screen.findByText('Member')).toBeTruthy();
    unmount();

    signIn(admin);
    renderApp('/dashboard');
    const adminNav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(
      within(adminNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'My Profile',
      'Account Security',
      'Address',
      'Orders',
      'My Refills',
      'Patients',
      'My Prescriptions',
      'Rewards',
      'Stock Alerts',
      'Privacy & data',
      'All Orders',
      'Manufacturers',
      'Salt Compositions',
      'Divisions',
      'Medicine Information',
      'Drug Interactions',
      'Products',
      'Low Stock',
      'Near Expiry',
      'H1 Register',
      'Users',
      'Staff',
      'Prescriptions',
      'Audit Log',
      'Health-data Access',
      'Background Jobs',
      'Messages',
      'Returns',
      'Coupons',
      'Delivery',
    ]);
  });

  it.each([
    '/dashboard/users',
    '/dashboard/inventory/low-stock',
    '/admin/inventory/near-expiry',
    '/dashboard/audit',
    '/dashboard/audit/health-access',
    '/dashboard/jobs',
    '/dashboard/delivery/areas',
    '/admin/delivery/calendar',
    '/dashboard/interactions',
  ])('keeps the admin page %s from members', async (url) => {
    signIn(member);
    renderApp(url);
    expect(await screen.findByText('The page you are looking for was not found.')).toBeTruthy();
  });
});
