import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_INBOX_MESSAGES,
  CONTACT_INBOX_PAGE_SIZE,
  MESSAGES,
  type ContactMessage,
  type ContactMessageListResponse,
  type DashboardResponse,
} from '@pharmacy/shared';
import { auditLog, contactMessages, users } from '../src/db/schema/index';
import { createAdmin, createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Issue 18: the admins' inbox of Contact Us messages and the dashboard's open queue. */
describe(`contact message inbox (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;

  const db = () => t.database.db;
  const inject = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: user?.auth ?? {}, payload });

  async function list(query = ''): Promise<ContactMessageListResponse> {
    const response = await inject(admin, 'GET', `/contact-messages${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json() as ContactMessageListResponse;
  }

  async function auditEntriesOf(id: number) {
    return db()
      .select({
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'contact_message'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
  }

  async function stateOf(id: number) {
    const [row] = await db()
      .select({
        handledAt: contactMessages.handledAt,
        handledByUserId: contactMessages.handledByUserId,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    return row;
  }

  async function openQueue(): Promise<number> {
    const response = await inject(admin, 'GET', '/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as DashboardResponse).queues.openContactMessages ?? -1;
  }

  /** 25 messages, one a minute, through the real Contact Us form; the last is the newest. */
  const ids: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    admin = await createAdmin(t);
    member = await createUser(t);
    for (let n = 1; n <= 25; n += 1) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/site/contact',
        payload: { name: `Visitor ${n}`, email: `visitor${n}@example.com`, message: `Hello ${n}` },
        remoteAddress: `10.0.0.${n}`,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const rows = await db()
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .orderBy(contactMessages.id);
    ids.push(...rows.map((row) => row.id));
    await db().execute(
      sql`update ${contactMessages} set created_at = timestamptz '2026-11-01T10:00:00Z' + (id * interval '1 minute')`,
    );
  });
  afterAll(async () => t.close());

  it('answers only admins: 401 without a session, 403 for a customer', async () => {
    const id = ids[0] ?? 0;
    for (const [method, url] of [
      ['GET', '/contact-messages'],
      ['POST', `/contact-messages/${id}/handled`],
      ['POST', `/contact-messages/${id}/reopen`],
    ] as const) {
      const anonymous = await inject(null, method, url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toBe(MESSAGES.pleaseLogin);
      expect((await inject(member, method, url)).statusCode, url).toBe(403);
    }
    expect(await stateOf(id)).toEqual({ handledAt: null, handledByUserId: null });
    expect(await auditEntriesOf(id)).toEqual([]);
  });

  it.each([
    ['?status=closed', `status: ${CONTACT_INBOX_MESSAGES.status}`],
    ['?page=0', `page: ${CONTACT_INBOX_MESSAGES.page}`],
    ['?page=1.5', `page: ${CONTACT_INBOX_MESSAGES.page}`],
    ['?page=abc', `page: ${CONTACT_INBOX_MESSAGES.page}`],
  ])('refuses the list query %s with a sentence naming the field', async (query, message) => {
    const response = await inject(admin, 'GET', `/contact-messages${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('lists the open messages newest first, a page at a time, with the total', async () => {
    const first = await list();
    expect(first.pagination).toEqual({
      page: 1,
      pageSize: CONTACT_INBOX_PAGE_SIZE,
      rowCount: 25,
      pageCount: 2,
    });
    expect(first.openCount).toBe(25);
    expect(first.messages).toHaveLength(CONTACT_INBOX_PAGE_SIZE);
    expect(first.messages[0]).toEqual({
      id: ids[24],
      name: 'Visitor 25',
      email: 'visitor25@example.com',
      message: 'Hello 25',
      createdAt: new Date(Date.UTC(2026, 10, 1, 10, 0) + (ids[24] ?? 0) * 60_000).toISOString(),
      handledAt: null,
      handledByName: null,
    });
    const second = await list('?status=open&page=2');
    expect(second.messages.map((m) => m.name)).toEqual([
      'Visitor 5',
      'Visitor 4',
      'Visitor 3',
      'Visitor 2',
      'Visitor 1',
    ]);
    expect((await list('?page=3')).messages).toEqual([]);
    const handled = await list('?status=handled');
    expect(handled.messages).toEqual([]);
    expect(handled.pagination.rowCount).toBe(0);
    expect(handled.openCount).toBe(25);
  });

  it('marks a message handled once: by whom and when, one audit entry, out of the open queue', async () => {
    const id = ids[2] ?? 0;
    expect(await openQueue()).toBe(25);
    const response = await inject(admin, 'POST', `/contact-messages/${id}/handled`);
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json() as ContactMessage;
    expect(message).toMatchObject({ id, name: 'Visitor 3', handledByName: 'Admin Person' });
    // An instant (`not.toBeNull()` would also pass were the field missing).
    expect(message.handledAt).toMatch(ISO_INSTANT);

    // A double click, or a second admin at the same moment: nothing more is written.
    const again = await Promise.all([
      inject(admin, 'POST', `/contact-messages/${id}/handled`),
      inject(admin, 'POST', `/contact-messages/${id}/handled`),
    ]);
    for (const answer of again) {
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as ContactMessage).handledAt).toBe(message.handledAt);
    }
    expect(await stateOf(id)).toMatchObject({ handledByUserId: admin.id });
    expect(await auditEntriesOf(id)).toEqual([
      {
        action: 'contact_message.handled',
        actorUserId: admin.id,
        details: { handled: { from: false, to: true } },
      },
    ]);

    expect(await openQueue()).toBe(24);
    const open = await list();
    expect(open.openCount).toBe(24);
    expect(open.pagination.rowCount).toBe(24);
    expect(open.messages.some((m) => m.id === id)).toBe(false);
    const handled = await list('?status=handled');
    expect(handled.messages.map((m) => m.id)).toEqual([id]);
    expect(handled.messages[0]?.handledByName).toBe('Admin Person');
  });

  it('reopens a handled message once, with its own audit entry', async () => {
    const id = ids[2] ?? 0;
    const response = await inject(admin, 'POST', `/contact-messages/${id}/reopen`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, handledAt: null, handledByName: null });
    expect((await inject(admin, 'POST', `/contact-messages/${id}/reopen`)).statusCode).toBe(200);
    expect(await stateOf(id)).toEqual({ handledAt: null, handledByUserId: null });
    const entries = await auditEntriesOf(id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'contact_message.handled',
      'contact_message.reopened',
    ]);
    expect(entries[1]?.details).toMatchObject({ handled: { from: true, to: false } });
    expect(await openQueue()).toBe(25);
    // Reopening an open message writes nothing.
    expect((await inject(admin, 'POST', `/contact-messages/${ids[0]}/reopen`)).statusCode).toBe(
      200,
    );
    expect(await auditEntriesOf(ids[0] ?? 0)).toEqual([]);
  });

  it('lists handled messages most recently handled first, across pages', async () => {
    for (const id of [ids[10], ids[4], ids[20]]) {
      expect((await inject(admin, 'POST', `/contact-messages/${id}/handled`)).statusCode).toBe(200);
      // Distinct handled_at instants, so the order is the order of the clicks.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const handled = await list('?status=handled');
    expect(handled.messages.map((m) => m.id)).toEqual([ids[20], ids[4], ids[10]]);
    expect(handled.pagination).toMatchObject({ rowCount: 3, pageCount: 1 });
    expect(handled.openCount).toBe(22);
  });

  it('keeps the message when the admin who handled it is deleted', async () => {
    const other = await createAdmin(t);
    const id = ids[7] ?? 0;
    expect((await inject(other, 'POST', `/contact-messages/${id}/handled`)).statusCode).toBe(200);
    await db().delete(users).where(eq(users.id, other.id));
    expect(await stateOf(id)).toMatchObject({ handledByUserId: null });
    const handled = await list('?status=handled');
    expect(handled.messages.find((m) => m.id === id)).toMatchObject({ handledByName: null });
    expect(handled.messages.find((m) => m.id === id)?.handledAt).toMatch(ISO_INSTANT);
  });

  it('answers 404 for a message that does not exist, and 400 for an id that is not one', async () => {
    const writes = async () => {
      const [row] = await db().select({ n: count() }).from(auditLog);
      return row?.n ?? 0;
    };
    const before = await writes();
    for (const action of ['handled', 'reopen']) {
      const missing = await inject(admin, 'POST', `/contact-messages/999999/${action}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('No contact message found.');
      // Past int4: no such message can exist, and the database refuses the value.
      const huge = await inject(admin, 'POST', `/contact-messages/99999999999/${action}`);
      expect(huge.statusCode).toBe(400);
      expect((await inject(admin, 'POST', `/contact-messages/abc/${action}`)).statusCode).toBe(400);
    }
    expect(await writes()).toBe(before);
  });

  it('is in the OpenAPI document with the answers it gives', async () => {
    const document = (await inject(null, 'GET', '/docs/json')).json() as {
      paths: Record<
        string,
        Record<string, { tags: string[]; responses: object; parameters?: { name: string }[] }>
      >;
    };
    const listing = document.paths['/api/contact-messages']?.get;
    expect(listing?.tags).toEqual(['contact-messages']);
    expect(Object.keys(listing?.responses ?? {}).toSorted()).toEqual(['200', '400', '401', '403']);
    expect(listing?.parameters?.map((p) => p.name).toSorted()).toEqual(['page', 'status']);
    for (const action of ['handled', 'reopen']) {
      const operation = document.paths[`/api/contact-messages/{id}/${action}`]?.post;
      expect(Object.keys(operation?.responses ?? {}).toSorted(), action).toEqual([
        '200',
        '400',
        '401',
        '403',
        '404',
      ]);
    }
  });
});
