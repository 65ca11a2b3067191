import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../../../lib/auth-session';
import { mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { effectiveSearch } from '../hooks/use-user-search';

const admin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

const people = [
  {
    id: 1,
    name: 'Asha Admin',
    email: 'admin@example.com',
    phoneNumber: '9876543210',
    createdAt: '2025-01-06T10:00:00.000Z',
    roleId: 1,
  },
  {
    id: 5,
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    phoneNumber: null,
    createdAt: '2025-03-15T23:30:00.000Z',
    roleId: 2,
  },
  {
    id: 9,
    name: 'Meera Shah',
    email: 'meera@example.com',
    phoneNumber: '9123456780',
    createdAt: '2025-04-01T08:00:00.000Z',
    roleId: 2,
  },
];

function listFor(url: URL) {
  const search = url.searchParams.get('search')?.toLowerCase() ?? '';
  const userList = people.filter(
    (person) => person.name.toLowerCase().includes(search) || person.email.includes(search),
  );
  return {
    body: {
      userList,
      pagination: {
        page: 1,
        pageCount: userList.length ? 1 : 0,
        rowCount: userList.length,
        pageSize: 200,
      },
    },
  };
}

function signInAsAdmin(list: (url: URL) => { status?: number; body: unknown } = listFor) {
  window.localStorage.setItem('token', 'admin-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: admin },
    'GET /api/user/getAllUser': ({ url }) => list(url),
  });
}

function searchesSent(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/user/getAllUser')
    .map((url) => url.searchParams.get('search') ?? '');
}

function bodyRows() {
  return screen.getAllByRole('row').slice(1);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('effectiveSearch', () => {
  it.each([
    ['', ''],
    ['a', ''],
    [' a ', ''],
    ['as', 'as'],
    ['  ravi ', 'ravi'],
  ])('%j searches for %j', (text, search) => {
    expect(effectiveSearch(text)).toBe(search);
  });
});

describe('users page', () => {
  it('lists the users with the count, the columns and the roles', async () => {
    signInAsAdmin();
    renderApp('/dashboard/users');
    // The first render downloads the lazy dashboard chunks.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('3 users')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Name',
      'Email',
      'Phone',
      'Joined',
      'Role',
    ]);
    const cells = within(bodyRows()[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '2',
      'Ravi Kumar',
      'ravi@example.com',
      '—',
      'Saturday, 15 Mar 2025',
      'Member',
    ]);
    expect(within(bodyRows()[0]!).getByText('Admin')).toBeTruthy();
    expect(screen.getByPlaceholderText('Type user name or email')).toBeTruthy();
  });

  it('searches 1000 ms after typing stops, and only for 2 or more characters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = signInAsAdmin();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/dashboard/users');
    await screen.findByText('3 users');
    const box = screen.getByRole('searchbox', { name: 'Search users' });

    await user.type(box, 'm');
    act(() => vi.advanceTimersByTime(1500));
    // One character does not count: still everybody, and no new request.
    expect(searchesSent(fetchMock)).toEqual(['']);

    await user.type(box, 'e');
    act(() => vi.advanceTimersByTime(900));
    expect(searchesSent(fetchMock)).toEqual(['']);
    await user.type(box, 'e');
    act(() => vi.advanceTimersByTime(900));
    // Each keystroke restarts the wait.
    expect(searchesSent(fetchMock)).toEqual(['']);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(searchesSent(fetchMock)).toEqual(['', 'mee']));
    await waitFor(() => expect(screen.getByText('1 user')).toBeTruthy());
    expect(bodyRows()).toHaveLength(1);

    await user.clear(box);
    await user.type(box, 'zz');
    act(() => vi.advanceTimersByTime(1100));
    expect(await screen.findByText('No users found.')).toBeTruthy();
    expect(searchesSent(fetchMock)).toEqual(['', 'mee', 'zz']);
  });

  it("opens a customer's orders from a row, by click or with Enter", async () => {
    signInAsAdmin();
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/users');
    await screen.findByText('3 users');

    await user.click(within(bodyRows()[2]!).getByText('meera@example.com'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/orders/customers/9'),
    );

    await act(() => router.navigate('/dashboard/users'));
    await screen.findByText('3 users');
    const row = bodyRows()[1]!;
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/orders/customers/5'),
    );
  });

  it('pages through more than one page', async () => {
    const fetchMock = signInAsAdmin((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return {
        body: {
          userList: [{ ...people[1]!, id: 100 + page, name: `Person ${page}` }],
          pagination: { page, pageCount: 3, rowCount: 3, pageSize: 1 },
        },
      };
    });
    const user = userEvent.setup();
    renderApp('/dashboard/users');
    expect(await screen.findByText('Person 1', {}, { timeout: 5000 })).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    await user.click(within(pages).getByRole('button', { name: /^Page ?2$/ }));
    expect(await screen.findByText('Person 2')).toBeTruthy();
    expect(within(bodyRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('2');
    const pagesAsked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/user/getAllUser')
      .map((url) => url.searchParams.get('page'));
    expect(pagesAsked).toEqual(['1', '2']);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    signInAsAdmin((url) =>
      fail
        ? {
            status: 500,
            body: {
              statusCode: 500,
              error: 'Internal Server Error',
              message: 'An unknown error occurred',
            },
          }
        : listFor(url),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/users');
    expect(await screen.findByText('The users could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 users')).toBeTruthy();
  });
});
