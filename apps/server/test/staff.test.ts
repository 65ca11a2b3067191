import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, STAFF_MESSAGES } from '@pharmacy/shared';
import { auditLog, staffInvitations, users } from '../src/db/schema/index';
import { createAdmin, createUser, TEST_PASSWORD, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

describe(`staff management (${testDriver})`, () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createAdmin(t);
  });
  afterAll(async () => t.close());

  const call = (
    user: TestUser | { auth: { authorization: string } } | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user ? user.auth : {},
      ...(payload ? { payload } : {}),
    });
  const bearer = (token: string) => ({ auth: { authorization: `Bearer ${token}` } });

  const outbox = () => path.join(t.config.dataDir, 'outbox');
  async function waitForMail(to: string, count = 1): Promise<string> {
    for (let i = 0; i < 100; i++) {
      let files: string[];
      try {
        files = readdirSync(outbox()).filter((f) => f.includes(to) && f.endsWith('.eml'));
      } catch {
        files = [];
      }
      const last = files.sort().at(-1);
      if (last && files.length >= count) return readFileSync(path.join(outbox(), last), 'utf8');
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail for ${to}`);
  }
  const decodeQuotedPrintable = (mail: string) =>
    mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const linkToken = (mail: string) =>
    /accept-invitation\?token=([\w-]+)/.exec(decodeQuotedPrintable(mail))?.[1];

  /** Invites `email` as `roleId` and answers the link's token from the mail. */
  async function invite(email: string, roleId: number, count = 1) {
    const res = await call(owner, 'POST', '/api/staff/invitations', {
      name: 'Ravi Kumar',
      email,
      roleId,
    });
    expect(res.statusCode).toBe(201);
    const token = linkToken(await waitForMail(email, count));
    if (!token) throw new Error('no link in the mail');
    return { id: (res.json() as { id: number }).id, token };
  }
  const accept = (token: string, password = 'packing1') =>
    call(null, 'POST', '/api/staff/invitations/accept', { token, password });
  const login = (email: string, password: string) =>
    call(null, 'POST', '/api/auth/login', { email, password });
  const auditActions = async (entityType: string, entityId: number) =>
    (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
        .orderBy(asc(auditLog.id))
    ).map((row) => row.action);

  it('invites by mail; accepting creates the account with the role and signs the person in', async () => {
    const { id, token } = await invite('packer@example.com', ROLE.PACKER);
    const mail = decodeQuotedPrintable(await waitForMail('packer@example.com'));
    expect(mail).toContain('http://localhost:3000/accept-invitation?token=');
    expect(mail).toContain('Admin Person invited you');
    expect(mail).toContain('as a packer');
    expect(mail).toContain('expires in 72 hours');
    const [stored] = await t.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toBe(token);

    const listed = await call(owner, 'GET', '/api/staff');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().invitations).toEqual([
      expect.objectContaining({
        id,
        email: 'packer@example.com',
        roleId: ROLE.PACKER,
        expired: false,
      }),
    ]);

    const preview = await call(null, 'GET', `/api/staff/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      name: 'Ravi Kumar',
      email: 'packer@example.com',
      roleLabel: 'Packer',
      invitedByName: 'Admin Person',
    });

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    const session = accepted.json() as { token: string; user: { id: number; roleId: number } };
    expect(session.user.roleId).toBe(ROLE.PACKER);
    expect((await call(bearer(session.token), 'GET', '/api/user/myProfile')).statusCode).toBe(200);
    expect((await call(bearer(session.token), 'GET', '/api/couriers')).statusCode).toBe(200);
    expect((await call(bearer(session.token), 'GET', '/api/coupons')).statusCode).toBe(403);
    expect((await login('packer@example.com', 'packing1')).statusCode).toBe(200);

    const again = await accept(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(STAFF_MESSAGES.invitationAccepted);
    expect((await call(null, 'GET', `/api/staff/invitations/${token}`)).statusCode).toBe(410);

    const after = (await call(owner, 'GET', '/api/staff')).json();
    expect(after.invitations).toEqual([]);
    expect(after.staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'packer@example.com',
          roleId: ROLE.PACKER,
          deactivatedAt: null,
        }),
      ]),
    );
    expect(await auditActions('staff_invitation', id)).toEqual(['staff.invited']);
    expect(await auditActions('user', session.user.id)).toEqual(['staff.invitation_accepted']);
  });

  it('refuses an e-mail that is already staff, and a re-invitation replaces the open one', async () => {
    const existing = await createUser(t, { roleId: ROLE.SUPPORT, email: 'support-1@example.com' });
    const refused = await call(owner, 'POST', '/api/staff/invitations', {
      name: 'S',
      email: existing.email.toUpperCase(),
      roleId: ROLE.PACKER,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STAFF_MESSAGES.emailIsStaff);
    const badRole = await call(owner, 'POST', '/api/staff/invitations', {
      name: 'S',
      email: 'owner-2@example.com',
      roleId: ROLE.ADMIN,
    });
    expect(badRole.statusCode).toBe(400);

    const first = await invite('twice@example.com', ROLE.PACKER);
    const second = await invite('twice@example.com', ROLE.PHARMACIST, 2);
    const old = await accept(first.token);
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe(STAFF_MESSAGES.invitationRevoked);
    const open = (await call(owner, 'GET', '/api/staff')).json().invitations as Array<{
      id: number;
    }>;
    expect(open.map((row) => row.id)).toContain(second.id);
    expect(open.map((row) => row.id)).not.toContain(first.id);
  });

  it('refuses expired and revoked links and unknown ones, changing nothing', async () => {
    const expired = await invite('late@example.com', ROLE.SUPPORT);
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, expired.id));
    const listed = (await call(owner, 'GET', '/api/staff')).json().invitations as Array<{
      id: number;
      expired: boolean;
    }>;
    expect(listed.find((row) => row.id === expired.id)?.expired).toBe(true);
    const late = await accept(expired.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(STAFF_MESSAGES.invitationExpired);

    const revoked = await invite('revoked@example.com', ROLE.SUPPORT);
    const revoke = await call(owner, 'DELETE', `/api/staff/invitations/${revoked.id}`);
    expect(revoke.statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/staff/invitations/${revoked.id}`)).statusCode).toBe(
      200,
    );
    const gone = await accept(revoked.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(STAFF_MESSAGES.invitationRevoked);
    expect(await auditActions('staff_invitation', revoked.id)).toEqual([
      'staff.invited',
      'staff.invitation_revoked',
    ]);

    const unknown = await accept('no-such-invitation-token');
    expect(unknown.statusCode).toBe(404);
    const accounts = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'late@example.com'));
    expect(accounts).toEqual([]);
    expect((await login('revoked@example.com', 'packing1')).statusCode).toBe(400);
  });

  it('lets one of two accepts at once win', async () => {
    const { token } = await invite('double@example.com', ROLE.PACKER);
    const results = await Promise.all([accept(token), accept(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const accounts = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'double@example.com'));
    expect(accounts).toHaveLength(1);
  });

  it('gives a member who is invited the role and the new password, ending their old sessions', async () => {
    const member = await createUser(t, { email: 'customer-staff@example.com' });
    const { token } = await invite(member.email, ROLE.SUPPORT);
    const accepted = await accept(token, 'newpass1');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ id: member.id, roleId: ROLE.SUPPORT });
    expect((await call(member, 'GET', '/api/user/myProfile')).statusCode).toBe(401);
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await login(member.email, 'newpass1')).statusCode).toBe(200);
  });

  it('changes a role at the next request: old tokens end, the new permissions hold', async () => {
    const packer = await createUser(t, { roleId: ROLE.PACKER });
    expect((await call(packer, 'GET', '/api/returns')).statusCode).toBe(403);
    expect((await call(packer, 'GET', '/api/couriers')).statusCode).toBe(200);
    const changed = await call(owner, 'PUT', `/api/staff/${packer.id}/role`, {
      roleId: ROLE.SUPPORT,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: packer.id, roleId: ROLE.SUPPORT });
    expect((await call(packer, 'GET', '/api/returns')).statusCode).toBe(401);
    const session = await login(packer.email, TEST_PASSWORD);
    const support = bearer((session.json() as { token: string }).token);
    expect((await call(support, 'GET', '/api/returns')).statusCode).toBe(200);
    expect((await call(support, 'GET', '/api/couriers')).statusCode).toBe(403);
    expect((await call(support, 'GET', '/api/coupons')).statusCode).toBe(403);
    expect(await auditActions('user', packer.id)).toEqual(['user.role_changed']);

    const member = await createUser(t);
    const notStaff = await call(owner, 'PUT', `/api/staff/${member.id}/role`, {
      roleId: ROLE.PACKER,
    });
    expect(notStaff.statusCode).toBe(404);
    expect(notStaff.json().message).toBe(STAFF_MESSAGES.staffNotFound);
    const ownerRole = await call(owner, 'PUT', `/api/staff/${owner.id}/role`, {
      roleId: ROLE.PACKER,
    });
    expect(ownerRole.statusCode).toBe(409);
    expect(ownerRole.json().message).toBe(STAFF_MESSAGES.ownerRoleFixed);
  });

  it('deactivates: sessions end, sign-in and reset refused; reactivation restores sign-in', async () => {
    const pharmacist = await createUser(t, { roleId: ROLE.PHARMACIST });
    const off = await call(owner, 'POST', `/api/staff/${pharmacist.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().deactivatedAt).not.toBeNull();
    expect((await call(pharmacist, 'GET', '/api/user/myProfile')).statusCode).toBe(401);
    const refused = await login(pharmacist.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(STAFF_MESSAGES.accountDeactivated);
    const wrong = await login(pharmacist.email, 'not-the-password');
    expect(wrong.json().message).not.toBe(STAFF_MESSAGES.accountDeactivated);
    await call(null, 'POST', '/api/auth/forgot-password', { email: pharmacist.email });
    await new Promise((r) => setTimeout(r, 300));
    const mails = (() => {
      try {
        return readdirSync(outbox()).filter((f) => f.includes(pharmacist.email));
      } catch {
        return [];
      }
    })();
    expect(mails).toEqual([]);

    const on = await call(owner, 'POST', `/api/staff/${pharmacist.id}/reactivate`);
    expect(on.statusCode).toBe(200);
    expect(on.json().deactivatedAt).toBeNull();
    expect((await login(pharmacist.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions('user', pharmacist.id)).toEqual([
      'staff.deactivated',
      'staff.reactivated',
    ]);

    const self = await call(owner, 'POST', `/api/staff/${owner.id}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MESSAGES.cannotDeactivateSelf);
    const otherOwner = await createUser(t, { roleId: ROLE.ADMIN });
    const ownerOff = await call(owner, 'POST', `/api/staff/${otherOwner.id}/deactivate`);
    expect(ownerOff.statusCode).toBe(409);
    expect(ownerOff.json().message).toBe(STAFF_MESSAGES.cannotDeactivateOwner);
  });

  it('keeps every staff route to the owner: 403 for staff and members, 401 without a session', async () => {
    const target = await createUser(t, { roleId: ROLE.PACKER });
    const invitation = await invite('for-guards@example.com', ROLE.PACKER);
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/api/staff'],
      ['POST', '/api/staff/invitations', { name: 'X', email: 'x@example.com', roleId: 4 }],
      ['DELETE', `/api/staff/invitations/${invitation.id}`],
      ['PUT', `/api/staff/${target.id}/role`, { roleId: ROLE.SUPPORT }],
      ['POST', `/api/staff/${target.id}/deactivate`],
      ['POST', `/api/staff/${target.id}/reactivate`],
    ];
    const people = await Promise.all(
      [ROLE.MEMBER, ROLE.PHARMACIST, ROLE.PACKER, ROLE.SUPPORT].map((roleId) =>
        createUser(t, { roleId }),
      ),
    );
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const person of people)
        expect((await call(person, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await t.database.db
      .select({ roleId: users.roleId, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, target.id));
    expect(row).toEqual({ roleId: ROLE.PACKER, deactivatedAt: null });
  });
});
