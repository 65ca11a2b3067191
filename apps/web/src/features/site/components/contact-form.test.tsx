import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ContactForm } from './contact-form';

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
}

function alertTexts() {
  return screen.queryAllByRole('alert').map((alert) => alert.textContent);
}

describe('ContactForm', () => {
  it('shows the rule messages of spec §5', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(alertTexts()).toEqual([
        'Name is required.',
        'Email is required.',
        'Message is required.',
      ]),
    );

    await user.type(field('Name'), '   ');
    await user.type(field('Email'), 'someone@');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(alertTexts()).toEqual([
        'Name is required.',
        'Invalid email format.',
        'Message is required.',
      ]),
    );
    expect(callsTo(fetchMock, 'POST', '/api/site/contact')).toHaveLength(0);
  });

  it('sends once, shows the server message and clears the form', async () => {
    let resolveResponse: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      resolveResponse = resolve;
    });
    const fetchMock = mockApi({
      'POST /api/site/contact': { status: 201, body: { message: 'Thanks, we will reply soon.' } },
    });
    const realFetch = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      return realFetch!(...args);
    });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);

    await user.type(field('Name'), 'Asha');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Message'), 'Do you stock insulin pens?');
    const button = screen.getByRole('button', { name: 'Send Message' });
    await user.dblClick(button);

    const pending = await screen.findByRole('button', { name: 'Sending...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    resolveResponse();

    expect(await screen.findByText('Thanks, we will reply soon.')).toBeTruthy();
    await waitFor(() => expect(field('Name').value).toBe(''));
    expect(field('Email').value).toBe('');
    expect(field('Message').value).toBe('');
    const calls = callsTo(fetchMock, 'POST', '/api/site/contact');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      message: 'Do you stock insulin pens?',
    });
  });
});
