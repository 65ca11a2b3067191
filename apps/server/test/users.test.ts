import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PROVIDER, ROLE } from '@pharmacy/shared';
import { users } from '../src/db/schema/index';
import { createAdmin, createUser, TEST_PASSWORD } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

describe(`profile, password and users (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('requires a session for every account endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/myProfile'],
      ['PUT', '/api/user/updateMyProfile'],
      ['PATCH', '/api/user/changePassword'],
      ['GET', '/api/user/getAllUser'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(MESSAGES.pleaseLogin);
    }
  });

  it('returns the profile of the signed-in user', async () => {
    const user = await createUser(t, { name: 'Ravi Kumar' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/myProfile',
      headers: user.auth,
    });
    expect(res.json()).toEqual({
      id: user.id,
      name: 'Ravi Kumar',
      email: user.email,
      phoneNumber: '9876543210',
      roleId: ROLE.MEMBER,
      providerName: PROVIDER.EMAIL,
      pharmacistRegistrationNumber: null,
    });
  });

  it.each([
    [{ name: '', email: 'a@b.co', phoneNumber: '9876543210' }, `name: ${MESSAGES.nameRequired}`],
    [
      { name: 'A', email: 'not-mail', phoneNumber: '9876543210' },
      `email: ${MESSAGES.profileEmailInvalid}`,
    ],
    [{ name: 'A', email: 'a@b.co', phoneNumber: '' }, `phoneNumber: ${MESSAGES.phoneRequired}`],
    [
      { name: 'A', email: 'a@b.co', phoneNumber: '12ab' },
      `phoneNumber: ${MESSAGES.profilePhoneInvalid}`,
    ],
  ])('validates the profile %j and changes nothing', async (payload, message) => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/updateMyProfile',
      headers: user.auth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [row] = await t.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.name).toBe(user.name);
  });

  it('updates the profile but never the role or provider, whatever the payload says', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/updateMyProfile',
      headers: user.auth,
      payload: {
        name: 'New Name',
        email: 'New.Address@Example.com',
        phoneNumber: '+91 98765 43210',
        roleId: 1,
        providerName: 'Google',
        id: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.profileUpdated);
    expect(res.json().user).toMatchObject({
      id: user.id,
      name: 'New Name',
      email: 'new.address@example.com',
      roleId: ROLE.MEMBER,
      providerName: 'Email',
    });
  });

  it('refuses an e-mail that another account uses', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/updateMyProfile',
      headers: a.auth,
      payload: { name: 'A', email: b.email.toUpperCase(), phoneNumber: '9876543210' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('changes the password: wrong old password, same password, then success signing other sessions out', async () => {
    const user = await createUser(t);
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/changePassword',
      headers: user.auth,
      payload: { oldPassword: 'wrongold', newPassword: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Old password is incorrect.');
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/changePassword',
      headers: user.auth,
      payload: {
        oldPassword: TEST_PASSWORD,
        newPassword: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      },
    });
    expect(same.json().message).toBe(`newPassword: ${MESSAGES.newPasswordSame}`);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/changePassword',
      headers: user.auth,
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.passwordChanged);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/myProfile', headers: user.auth }))
        .statusCode,
    ).toBe(401);
    const fresh = { authorization: `Bearer ${ok.json().token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/myProfile', headers: fresh }))
        .statusCode,
    ).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'newpass1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('has no password change for Google accounts', async () => {
    const user = await createUser(t, { providerName: PROVIDER.GOOGLE });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/changePassword',
      headers: user.auth,
      payload: { oldPassword: 'whatever', newPassword: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lists users for admins only, with search of 2+ characters and pagination', async () => {
    const member = await createUser(t);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/getAllUser', headers: member.auth }))
        .statusCode,
    ).toBe(403);
    const admin = await createAdmin(t);
    await createUser(t, { name: 'Zoya Qureshi', email: 'zoya@example.com' });
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser',
      headers: admin.auth,
    });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.pagination).toMatchObject({
      page: 1,
      pageSize: 200,
      rowCount: body.userList.length,
    });
    expect(body.userList[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: expect.any(String),
        email: expect.any(String),
        createdAt: expect.any(String),
        roleId: expect.any(Number),
      }),
    );
    expect(body.userList[0]).not.toHaveProperty('passwordHash');

    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser?search=zoy',
      headers: admin.auth,
    });
    expect(byName.json().userList.map((u: { email: string }) => u.email)).toEqual([
      'zoya@example.com',
    ]);
    const byEmail = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser?search=ZOYA@EX',
      headers: admin.auth,
    });
    expect(byEmail.json().pagination.rowCount).toBe(1);
    const oneChar = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser?search=z',
      headers: admin.auth,
    });
    expect(oneChar.json().pagination.rowCount).toBe(body.pagination.rowCount);
    const wildcard = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser?search=%25%25',
      headers: admin.auth,
    });
    expect(wildcard.json().pagination.rowCount).toBe(0);
    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser?page=2&pageSize=1',
      headers: admin.auth,
    });
    expect(paged.json().userList).toHaveLength(1);
    expect(paged.json().pagination).toMatchObject({
      page: 2,
      pageSize: 1,
      pageCount: body.pagination.rowCount,
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAllUser?page=0',
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});
