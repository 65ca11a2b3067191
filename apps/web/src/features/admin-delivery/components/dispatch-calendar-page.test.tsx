import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeliveryCalendarInput } from '@pharmacy/shared';
import { signInAsAdmin } from '../../../testing/admin-session';
import { callsTo } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { renderApp } from '../../../testing/render-app';
import { DispatchCalendarPage } from './dispatch-calendar-page';

const calendar: DeliveryCalendarInput = {
  workingDays: [1, 2, 3, 4, 5, 6],
  dispatchCutoff: '18:00',
  holidays: [
    { day: '2027-01-26', name: 'Republic Day' },
    { day: '2026-12-25', name: 'Christmas' },
  ],
};
const sentBody = (fetchMock: ReturnType<typeof signInAsAdmin>) => {
  const [, init] = callsTo(fetchMock, 'PUT', '/api/delivery/calendar').at(-1) ?? [];
  return JSON.parse(String(init?.body)) as unknown;
};

describe('DispatchCalendarPage', () => {
  it('shows the working days, the cut-off and the holidays by date', async () => {
    signInAsAdmin({ 'GET /api/delivery/calendar': { body: calendar } });
    renderWithProviders(<DispatchCalendarPage />);
    const monday = (await screen.findByRole('checkbox', { name: 'Monday' })) as HTMLInputElement;
    expect(monday.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Saturday' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: 'Sunday' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getByText(/Now: Monday to Saturday\./)).toBeTruthy();
    expect((screen.getByLabelText('Daily cut-off (India time)') as HTMLInputElement).value).toBe(
      '18:00',
    );
    expect((screen.getByLabelText('Date of holiday 1') as HTMLInputElement).value).toBe(
      '2026-12-25',
    );
    expect((screen.getByLabelText('Name of holiday 2') as HTMLInputElement).value).toBe(
      'Republic Day',
    );
  });

  it('checks the calendar with the shared rules before sending it', async () => {
    const fetchMock = signInAsAdmin({ 'GET /api/delivery/calendar': { body: calendar } });
    renderWithProviders(<DispatchCalendarPage />);
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
      await userEvent.click(await screen.findByRole('checkbox', { name: day }));
    await userEvent.clear(screen.getByLabelText('Daily cut-off (India time)'));
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    // The new row's date takes the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Date of holiday 3'));
    await userEvent.click(screen.getByRole('button', { name: 'Save calendar' }));

    expect(await screen.findByText('Choose at least one working day.')).toBeTruthy();
    expect(screen.getByText('Dispatch cut-off must be a time like 18:00.')).toBeTruthy();
    expect(screen.getByText('Holiday must be a date (yyyy-MM-dd).')).toBeTruthy();
    expect(screen.getByText('Holiday name must be 1 to 80 characters.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/delivery/calendar')).toHaveLength(0);
  });

  it("saves working days, cut-off and holidays, and shows the server's sentence", async () => {
    let refuse = true;
    const fetchMock = signInAsAdmin({
      'GET /api/delivery/calendar': { body: calendar },
      'PUT /api/delivery/calendar': ({ body }) =>
        refuse
          ? {
              status: 400,
              body: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'holidays: Each holiday date may be listed once.',
              },
            }
          : { body },
    });
    renderWithProviders(<DispatchCalendarPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.clear(screen.getByLabelText('Daily cut-off (India time)'));
    await userEvent.type(screen.getByLabelText('Daily cut-off (India time)'), '16:30');
    await userEvent.click(screen.getByRole('button', { name: 'Remove holiday 1, Christmas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    await userEvent.type(screen.getByLabelText('Date of holiday 2'), '2026-11-08');
    await userEvent.type(screen.getByLabelText('Name of holiday 2'), 'Diwali');
    await userEvent.click(screen.getByRole('button', { name: 'Save calendar' }));

    expect(await screen.findByText('holidays: Each holiday date may be listed once.')).toBeTruthy();
    // Sent in order: the weekdays Monday first, the holidays by date.
    expect(sentBody(fetchMock)).toEqual({
      workingDays: [1, 2, 3, 4, 5, 7],
      dispatchCutoff: '16:30',
      holidays: [
        { day: '2026-11-08', name: 'Diwali' },
        { day: '2027-01-26', name: 'Republic Day' },
      ],
    });

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save calendar' }));
    expect(await screen.findByText('Dispatch calendar saved.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('holidays: Each holiday date may be listed once.')).toBeNull(),
    );
    expect((screen.getByLabelText('Name of holiday 1') as HTMLInputElement).value).toBe('Diwali');
    expect(
      (screen.getByRole('button', { name: 'Undo changes' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows the error state with a retry', async () => {
    signInAsAdmin({
      'GET /api/delivery/calendar': {
        status: 500,
        body: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An unknown error occurred',
        },
      },
    });
    renderWithProviders(<DispatchCalendarPage />);
    expect(await screen.findByText('The dispatch calendar could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('delivery screens in the dashboard', () => {
  it('opens from the menu, keeps the /admin address, and has a tab for each screen', async () => {
    signInAsAdmin({
      'GET /api/delivery/calendar': { body: calendar },
      'GET /api/delivery/areas': {
        body: { areas: [], pagination: { page: 1, pageCount: 0, rowCount: 0, pageSize: 50 } },
      },
    });
    const { router } = renderApp('/admin/delivery/calendar');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispatch calendar' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/delivery/calendar');
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'Delivery' }).getAttribute('aria-current')).toBe('page');

    const tabs = within(screen.getByRole('navigation', { name: 'Delivery' }));
    await userEvent.click(tabs.getByRole('link', { name: 'Delivery areas' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery areas' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/delivery/areas');

    await userEvent.click(menu.getByRole('link', { name: 'Delivery' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/delivery/areas'));
  });
});
