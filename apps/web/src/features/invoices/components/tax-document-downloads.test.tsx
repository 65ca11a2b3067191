import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../../../lib/auth-session';
import { mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { TaxDocumentDownloads } from './tax-document-downloads';

const member = {
  id: 7,
  name: 'Ravi Member',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  roleId: 2,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};
const invoice = { number: 'INV/26-27/000123', issuedAt: '2026-11-20T10:00:00.000Z' };
const creditNote = { number: 'CN/26-27/000007', issuedAt: '2026-11-21T10:00:00.000Z' };

function signIn(routes: Record<string, MockResponse | (() => MockResponse)>) {
  window.localStorage.setItem('token', 'member-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: member },
    ...routes,
  });
}

describe('invoice and credit note downloads (issue 18)', { timeout: 20_000 }, () => {
  let click: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
    );
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => click.mockRestore());

  it('shows nothing before the order has an invoice', () => {
    signIn({});
    const { container } = renderWithProviders(
      <TaxDocumentDownloads orderId={42} documents={{ invoice: null, creditNotes: [] }} />,
    );
    expect(container.textContent).toBe('');
  });

  it('downloads the invoice with the session, saved under its number', async () => {
    const fetchMock = signIn({ 'GET /api/order/42/invoice.pdf': { body: '%PDF-1.3' } });
    const user = userEvent.setup();
    renderWithProviders(
      <TaxDocumentDownloads orderId={42} documents={{ invoice, creditNotes: [creditNote] }} />,
    );
    expect(screen.getByText('INV/26-27/000123')).toBeTruthy();
    expect(screen.getByText('CN/26-27/000007')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download credit note' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByText('Downloaded INV-26-27-000123.pdf')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/invoice.pdf'));
    expect(String(call?.[0])).toBe('/api/order/42/invoice.pdf');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer member-token');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('says so when the download fails, and tries again on the next click', async () => {
    let answer: MockResponse = {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'No order found.' },
    };
    signIn({ 'GET /api/order/42/credit-note.pdf': () => answer });
    const user = userEvent.setup();
    renderWithProviders(
      <TaxDocumentDownloads orderId={42} documents={{ invoice, creditNotes: [creditNote] }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Download credit note' }));
    const list = screen.getByRole('list', { name: 'Tax documents' });
    const failure = await within(list).findByText('No order found.');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(click).not.toHaveBeenCalled();

    answer = { body: '%PDF-1.3' };
    await user.click(screen.getByRole('button', { name: 'Download credit note' }));
    expect(await screen.findByText('Downloaded CN-26-27-000007.pdf')).toBeTruthy();
    expect(within(list).queryByText('No order found.')).toBeNull();
  });
});
