import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pharmacy/shared';
import { contactMessages, newsletterSubscriptions } from '../src/db/schema/index';
import { buildTestApp, testDriver, type TestApp } from './helpers';

async function countRows(
  t: TestApp,
  table: typeof newsletterSubscriptions | typeof contactMessages,
): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe(`newsletter and contact (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    [{}, 'email: Email is required.'],
    [{ email: '' }, 'email: Email is required.'],
    [{ email: 'not-an-email' }, `email: ${MESSAGES.newsletterEmailInvalid}`],
    [{ email: 'has space@example.com' }, `email: ${MESSAGES.newsletterEmailInvalid}`],
    [{ email: 42 }, 'email: Email is required.'],
  ])('rejects newsletter body %j and stores nothing', async (payload, message) => {
    const before = await countRows(t, newsletterSubscriptions);
    const res = await t.app.inject({ method: 'POST', url: '/api/site/newsletter', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(await countRows(t, newsletterSubscriptions)).toBe(before);
  });

  it('stores a subscription once, whatever the case of the address', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/site/newsletter',
      payload: { email: 'Asha@Example.com' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: MESSAGES.newsletterSuccess });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/site/newsletter',
      payload: { email: 'asha@example.com' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: MESSAGES.newsletterSuccess });
    const rows = await t.database.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions);
    expect(rows).toEqual([{ email: 'asha@example.com' }]);
  });

  it.each([
    [{ email: 'a@b.co', message: 'Hi' }, `name: ${MESSAGES.nameRequired}`],
    [{ name: '  ', email: 'a@b.co', message: 'Hi' }, `name: ${MESSAGES.nameRequired}`],
    [{ name: 'Ravi', email: 'bad', message: 'Hi' }, `email: ${MESSAGES.contactEmailInvalid}`],
    [{ name: 'Ravi', email: 'a@b.co', message: '' }, `message: ${MESSAGES.messageRequired}`],
  ])('rejects contact body %j and stores nothing', async (payload, message) => {
    const before = await countRows(t, contactMessages);
    const res = await t.app.inject({ method: 'POST', url: '/api/site/contact', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countRows(t, contactMessages)).toBe(before);
  });

  it('stores a contact message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/site/contact',
      payload: {
        name: 'Ravi Kumar',
        email: 'ravi@example.com',
        message: 'Do you deliver to Pune?',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MESSAGES.contactSuccess });
    const rows = await t.database.db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
      })
      .from(contactMessages);
    expect(rows).toEqual([
      { name: 'Ravi Kumar', email: 'ravi@example.com', message: 'Do you deliver to Pune?' },
    ]);
  });

  it('limits form submissions per client with a 429 that says when to retry', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/site/newsletter',
        payload: { email: `limit${i}@example.com` },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toMatch(
          /^Too many requests\. Please try again in \d+ seconds\.$/,
        );
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
  });

  it('exposes the public shop settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currencySymbol: '₹', googleSignInEnabled: false });
  });
});
