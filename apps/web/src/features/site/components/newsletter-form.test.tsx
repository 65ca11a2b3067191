import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { NewsletterForm } from './newsletter-form';

function emailField() {
  return screen.getByLabelText('Email address') as HTMLInputElement;
}

describe('NewsletterForm', () => {
  it('rejects a malformed address while typing and an empty one on submit', async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required.');

    await user.type(emailField(), 'not-an-email');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid email address.',
    );
    expect(emailField().getAttribute('aria-invalid')).toBe('true');

    await user.clear(emailField());
    await user.type(emailField(), 'two words@example.com');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
  });

  it('subscribes, shows the success toast and clears the field', async () => {
    const fetchMock = mockApi({
      'POST /api/site/newsletter': {
        status: 201,
        body: { message: 'You have successfully subscribed to the newsletter!' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);

    await user.type(emailField(), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(
      await screen.findByText('You have successfully subscribed to the newsletter!'),
    ).toBeTruthy();
    await waitFor(() => expect(emailField().value).toBe(''));
    const [call] = callsTo(fetchMock, 'POST', '/api/site/newsletter');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'reader@example.com' });
  });

  it('shows the server message as an error toast when the API refuses', async () => {
    mockApi({
      'POST /api/site/newsletter': {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many requests. Please try again later.',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);

    await user.type(emailField(), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
    expect(emailField().value).toBe('reader@example.com');
  });
});
