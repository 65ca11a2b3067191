import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { JobListResponse, JobSummary } from '@pharmacy/shared';
import { reloadSession } from '../../../lib/auth-session';
import { callsTo, mockApi, settingsResponse, type MockResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 17: the admin's Background Jobs page. */
const admin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

function signInAsAdmin(routes: Record<string, Handler>) {
  window.localStorage.setItem('token', 'admin-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: admin },
    ...routes,
  });
}

const ID_1 = '0b7c6a3e-1d2f-4a5b-9c8d-111111111111';
const ID_2 = '0b7c6a3e-1d2f-4a5b-9c8d-222222222222';

const failedJobs: JobSummary[] = [
  {
    id: ID_1,
    queue: 'send-mail',
    state: 'failed',
    retryCount: 3,
    retryLimit: 3,
    createdOn: '2026-11-25T10:20:00.000Z',
    startAfter: '2026-11-25T10:28:00.000Z',
    completedOn: '2026-11-25T10:28:05.000Z',
    summary: 'order.confirmed: “Your order #12 is confirmed” to ravi@example.com',
    lastError: '550 Mailbox unavailable',
  },
  {
    id: ID_2,
    queue: 'back-in-stock',
    state: 'failed',
    retryCount: 3,
    retryLimit: 3,
    createdOn: '2026-11-25T09:00:00.000Z',
    startAfter: '2026-11-25T09:08:00.000Z',
    completedOn: null,
    summary: 'Product #44',
    lastError: null,
  },
];

const retryingJob: JobSummary = {
  id: '0b7c6a3e-1d2f-4a5b-9c8d-333333333333',
  queue: 'send-mail',
  state: 'retry',
  retryCount: 0,
  retryLimit: 3,
  createdOn: '2026-11-25T11:00:00.000Z',
  startAfter: '2026-11-25T11:01:00.000Z',
  completedOn: null,
  summary: 'order.dispatched: “Your order #13 is on its way” to mira@example.com',
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
};

const queues: JobListResponse['queues'] = [
  { queue: 'send-mail', waiting: 2, retrying: 1, active: 0, completed: 140, failed: 1 },
  { queue: 'back-in-stock', waiting: 0, retrying: 0, active: 0, completed: 6, failed: 1 },
];

describe('background jobs (issue 17)', { timeout: 20_000 }, () => {
  it('shows the counts per queue and the failed jobs with tries, last error and time', async () => {
    signInAsAdmin({ 'GET /api/jobs': { body: { queues, jobs: failedJobs } } });
    renderApp('/dashboard/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Background Jobs' })).toBeTruthy();

    const queueList = await screen.findByRole('list', { name: 'Queues' });
    const [backInStock, mail] = within(queueList).getAllByRole('listitem');
    expect(within(mail!).getByRole('heading', { name: 'E-mails' })).toBeTruthy();
    const counts = (card: HTMLElement) =>
      Object.fromEntries(
        within(card)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    expect(counts(mail!)).toEqual({
      Waiting: '2',
      Retrying: '1',
      Running: '0',
      Completed: '140',
      Failed: '1',
    });
    expect(
      within(backInStock!).getByRole('heading', { name: 'Back-in-stock notices' }),
    ).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Failed jobs, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole('rowheader').textContent).toContain(
      'order.confirmed: “Your order #12 is confirmed” to ravi@example.com',
    );
    expect(first.textContent).toContain('4 of 4');
    expect(first.textContent).toContain('550 Mailbox unavailable');
    expect(first.textContent).toContain('25 Nov 2026, 10:20 UTC');
    expect(rows[1]!.textContent).toContain('—');

    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav).getByRole('link', { name: 'Background Jobs' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('retries a failed job from the keyboard; it leaves the list and focus stays near it', async () => {
    let jobs = failedJobs;
    const fetchMock = signInAsAdmin({
      'GET /api/jobs': () => ({ body: { queues, jobs } }),
      [`POST /api/jobs/send-mail/${ID_1}/retry`]: () => {
        jobs = failedJobs.slice(1);
        return { body: { message: 'The job will be tried again.' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/jobs');
    const retry = await screen.findByRole('button', {
      name: 'Retry order.confirmed: “Your order #12 is confirmed” to ravi@example.com',
    });
    retry.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The job will be tried again.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Failed jobs' }),
    );
    expect(callsTo(fetchMock, 'POST', `/api/jobs/send-mail/${ID_1}/retry`)).toHaveLength(1);
  });

  it('lists another state on request, kept in the URL, without Retry buttons', async () => {
    const fetchMock = signInAsAdmin({
      'GET /api/jobs': ({ url }) => ({
        body: {
          queues,
          jobs: url.searchParams.get('state') === 'retry' ? [retryingJob] : failedJobs,
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/jobs');
    await screen.findByRole('table', { name: 'Failed jobs, newest first' });
    await user.selectOptions(screen.getByLabelText('State'), 'retry');
    await waitFor(() => expect(router.state.location.search).toBe('?state=retry'));
    const table = await screen.findByRole('table', { name: 'Retrying jobs, newest first' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('1 of 4');
    expect(row.textContent).toContain('Next try 25 Nov 2026, 11:01 UTC');
    expect(row.textContent).toContain('connect ECONNREFUSED 127.0.0.1:2525');
    expect(within(table).queryByRole('button')).toBeNull();
    const last = callsTo(fetchMock, 'GET', '/api/jobs').at(-1)?.[0];
    expect(new URL(String(last), 'http://localhost').searchParams.get('state')).toBe('retry');
  });

  it('says so when no job failed', async () => {
    signInAsAdmin({ 'GET /api/jobs': { body: { queues, jobs: [] } } });
    renderApp('/dashboard/jobs');
    expect(await screen.findByText('No failed jobs.')).toBeTruthy();
  });

  it('shows an error with a way to try again', async () => {
    signInAsAdmin({
      'GET /api/jobs': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    renderApp('/dashboard/jobs');
    expect(await screen.findByText('The background jobs could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
