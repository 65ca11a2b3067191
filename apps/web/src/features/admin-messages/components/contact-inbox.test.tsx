import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContactMessage, ContactMessageListResponse } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type Handler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 18: the admin's Contact Us inbox. */
const admin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

function signInAsAdmin(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'admin-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: admin },
    ...routes,
  });
}

const ravi: ContactMessage = {
  id: 7,
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  message: 'My order has not arrived.\nCould you check, please?',
  createdAt: '2026-11-26T05:00:00.000Z',
  handledAt: null,
  handledByName: null,
};
const mira: ContactMessage = {
  id: 5,
  name: 'Mira Shah',
  email: 'mira@example.com',
  message: 'Do you deliver to Pune?',
  createdAt: '2026-11-25T09:30:00.000Z',
  handledAt: null,
  handledByName: null,
};

const page = (
  messages: ContactMessage[],
  openCount: number,
  rowCount = messages.length,
): ContactMessageListResponse => ({
  messages,
  pagination: { page: 1, pageSize: 20, rowCount, pageCount: Math.ceil(rowCount / 20) },
  openCount,
});

describe('contact inbox (issue 18)', { timeout: 20_000 }, () => {
  it('shows each open message with its sender, a mailto reply, the date and the text as typed', async () => {
    signInAsAdmin({ 'GET /api/contact-messages': { body: page([ravi, mira], 2) } });
    renderApp('/dashboard/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();

    const card = await screen.findByRole('article', { name: 'Ravi Kumar' });
    expect(within(card).getByRole('link', { name: 'ravi@example.com' }).getAttribute('href')).toBe(
      'mailto:ravi@example.com',
    );
    expect(within(card).getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toBe(
      'mailto:ravi@example.com',
    );
    // 10:30 in India.
    expect(card.textContent).toContain('26 Nov 2026, 10:30 am');
    const text = within(card).getByText(/My order has not arrived/);
    expect(text.textContent).toBe('My order has not arrived.\nCould you check, please?');
    expect(text.className).toContain('whitespace-pre-wrap');
    expect(screen.getAllByRole('article')).toHaveLength(2);

    const tabs = screen.getByRole('navigation', { name: 'Message status' });
    const open = within(tabs).getByRole('link', { name: /Open/ });
    expect(open.getAttribute('aria-current')).toBe('page');
    expect(open.textContent).toContain('2');
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('marks a message handled once, however often it is clicked; it leaves the open tab', async () => {
    let open = [ravi, mira];
    const fetchMock = signInAsAdmin({
      'GET /api/contact-messages': () => ({ body: page(open, open.length) }),
      'POST /api/contact-messages/7/handled': () => {
        open = [mira];
        return {
          body: { ...ravi, handledAt: '2026-11-26T06:00:00.000Z', handledByName: 'Asha Admin' },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/messages');
    const card = await screen.findByRole('article', { name: 'Ravi Kumar' });
    const button = within(card).getByRole('button', { name: 'Mark as handled' });
    await user.dblClick(button);
    expect(await screen.findByText('Message marked as handled.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ravi Kumar' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Mira Shah' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/contact-messages/7/handled')).toHaveLength(1);
  });

  it('reopens a handled message from the keyboard; focus goes to the list heading', async () => {
    const handled = { ...mira, handledAt: '2026-11-26T06:00:00.000Z', handledByName: 'Asha Admin' };
    let handledTab = [handled];
    const fetchMock = signInAsAdmin({
      'GET /api/contact-messages': ({ url }) => ({
        body:
          url.searchParams.get('status') === 'handled'
            ? page(handledTab, 2 - handledTab.length)
            : page([ravi], 2 - handledTab.length),
      }),
      'POST /api/contact-messages/5/reopen': () => {
        handledTab = [];
        return { body: mira };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/messages?status=handled');
    const card = await screen.findByRole('article', { name: 'Mira Shah' });
    within(card).getByRole('button', { name: 'Reopen' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Message reopened.')).toBeTruthy();
    expect(await screen.findByText('No handled messages yet.')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: /Handled messages/ }),
    );
    const tabs = screen.getByRole('navigation', { name: 'Message status' });
    expect(within(tabs).getByRole('link', { name: /Open/ }).textContent).toContain('2');
    expect(callsTo(fetchMock, 'POST', '/api/contact-messages/5/reopen')).toHaveLength(1);
  });

  it('shows the handled tab from the address, with who handled it and a Reopen', async () => {
    const handled = { ...mira, handledAt: '2026-11-26T06:00:00.000Z', handledByName: 'Asha Admin' };
    const fetchMock = signInAsAdmin({
      'GET /api/contact-messages': ({ url }) => ({
        body: url.searchParams.get('status') === 'handled' ? page([handled], 1) : page([ravi], 1),
      }),
    });
    renderApp('/dashboard/messages?status=handled');
    const card = await screen.findByRole('article', { name: 'Mira Shah' });
    expect(card.textContent).toContain('Handled by Asha Admin on 26 Nov 2026, 11:30 am');
    expect(within(card).getByRole('button', { name: 'Reopen' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Message status' });
    expect(within(tabs).getByRole('link', { name: 'Handled' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const last = callsTo(fetchMock, 'GET', '/api/contact-messages').at(-1)?.[0];
    expect(new URL(String(last), 'http://localhost').searchParams.get('status')).toBe('handled');
  });

  it('says so when no message is open', async () => {
    signInAsAdmin({ 'GET /api/contact-messages': { body: page([], 0) } });
    renderApp('/dashboard/messages');
    expect(await screen.findByText('No open messages.')).toBeTruthy();
  });

  it('shows an error with a way to try again', async () => {
    signInAsAdmin({
      'GET /api/contact-messages': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    renderApp('/dashboard/messages');
    expect(await screen.findByText('The messages could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
