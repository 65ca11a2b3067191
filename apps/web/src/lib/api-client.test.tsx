import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/mock-api';
import { renderWithProviders } from '../testing/render';
import { api, ApiError, getErrorMessage } from './api-client';
import { getSession, setSessionToken } from './auth-session';

describe('api client', () => {
  it('sends the session token and returns the JSON body', async () => {
    const fetchMock = mockApi({ 'GET /api/health': { body: { status: 'ok' } } });
    setSessionToken('abc');
    await expect(api.get('/health')).resolves.toEqual({ status: 'ok' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it("turns an error answer into an ApiError with the server's message", async () => {
    mockApi({
      'POST /api/site/contact': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Email is required.' },
      },
    });
    const error = await api.post('/site/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(400);
    expect(getErrorMessage(error)).toBe('Email is required.');
  });

  it("falls back to 'Something went wrong' without a message", async () => {
    mockApi({ 'GET /api/health': { status: 500 } });
    const error = await api.get('/health').catch((e: unknown) => e);
    // getErrorMessage says the same of anything that is not an error: the request must have failed.
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(500);
    expect(getErrorMessage(error)).toBe('Something went wrong');
  });

  it("clears the session and toasts 'Please login' on a 401", async () => {
    renderWithProviders(<p>page</p>);
    mockApi({
      'GET /api/user/myProfile': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' },
      },
    });
    setSessionToken('stale');
    const error = await api.get('/user/myProfile').catch((e: unknown) => e);
    expect((error as ApiError).handled).toBe(true);
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Please login')).toBeTruthy();
  });

  it('rejects a response that does not match its schema', async () => {
    mockApi({ 'GET /api/settings': { body: { shopName: 1 } } });
    const { shopSettingsSchema } = await import('@pharmacy/shared');
    const error = await api
      .get('/settings', { schema: shopSettingsSchema })
      .catch((e: unknown) => e);
    // The answer itself was a 200: only the schema check can have turned it into an error.
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(200);
    expect(getErrorMessage(error)).toBe('Something went wrong');
  });
});
