import {
  LIMITS,
  MESSAGES,
  PROVIDER,
  ROLE,
  defaultPagination,
  usesPasswordLogin,
  type ChangePasswordInput,
  type Pagination,
  type Profile,
  type ProfileUpdateInput,
  type UserListItem,
  type UserListQuery,
  can,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { signSessionToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import * as repository from './users.repository';

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const OLD_PASSWORD_WRONG = 'Old password is incorrect.';
export const PASSWORD_LOGIN_ONLY =
  'Your account signs in with Google, so it has no password to change here.';

/**
 * Sets a user's role and writes the change to the audit chain, in the caller's transaction.
 * Nothing is written when the user already has the role.
 */
export async function changeRole(
  tx: DbOrTx,
  userId: number,
  roleId: number,
  change: { actorUserId: number | null; via: string },
): Promise<boolean> {
  const from = await repository.lockRole(tx, userId);
  if (from === undefined) throw new NotFoundError('No user found.');
  if (from === roleId) return false;
  await repository.setUserRole(tx, userId, roleId);
  await recordAudit(tx, {
    actorUserId: change.actorUserId,
    action: 'user.role_changed',
    entityType: 'user',
    entityId: userId,
    details: { roleId: { from, to: roleId }, via: change.via },
  });
  return true;
}

/**
 * DECISIONS: ADMIN_EMAIL/ADMIN_PASSWORD ensure an admin account at start. An existing account is
 * promoted if needed but its password is left alone, so an admin who changed it keeps it. Both
 * the promotion and the new account's admin role are written to the audit chain.
 */
export async function ensureAdminAccount(
  db: Database,
  admin: { email: string; password: string },
): Promise<void> {
  const via = 'ADMIN_EMAIL at start';
  const existing = await repository.findIdAndRoleByEmail(db, admin.email);
  if (existing) {
    if (existing.roleId !== ROLE.ADMIN)
      await db.transaction((tx) =>
        changeRole(tx, existing.id, ROLE.ADMIN, { actorUserId: null, via }),
      );
    return;
  }
  try {
    const passwordHash = await hashPassword(admin.password);
    await db.transaction(async (tx) => {
      const created = await repository.insertUser(tx, {
        name: 'Administrator',
        email: admin.email.toLowerCase(),
        phoneNumber: null,
        passwordHash,
        roleId: ROLE.ADMIN,
        providerName: PROVIDER.EMAIL,
      });
      await recordAudit(tx, {
        actorUserId: null,
        action: 'user.role_changed',
        entityType: 'user',
        entityId: created.id,
        details: { roleId: { from: null, to: ROLE.ADMIN }, via, accountCreated: true },
      });
    });
  } catch (error) {
    // Another instance starting at the same moment created it first: it exists, as wanted.
    if (!isUniqueViolation(error)) throw error;
    await ensureAdminAccount(db, admin);
  }
}

/** Local demo only: the demo admin gets a pharmacist registration number if they have none. */
export async function givePharmacistNumber(db: Database, email: string, number: string) {
  await repository.setPharmacistNumberIfMissing(db, email, number);
}

export function createUsersService(db: Database, options: { jwtSecret: string }) {
  const issueToken = (user: { id: number; roleId: number; tokenVersion: number }) =>
    signSessionToken(options.jwtSecret, {
      userId: user.id,
      roleId: user.roleId,
      tokenVersion: user.tokenVersion,
    });

  return {
    issueToken,

    loadSessionUser: (userId: number) => repository.findSessionUser(db, userId),

    async getProfile(userId: number): Promise<Profile> {
      const profile = await repository.findProfileById(db, userId);
      if (!profile) throw new NotFoundError('No user found.');
      return profile;
    },

    findCredentialsByEmail: (email: string) => repository.findCredentialsByEmail(db, email),

    findByProviderSubject: (providerName: string, subject: string) =>
      repository.findByProviderSubject(db, providerName, subject),

    linkProvider: (userId: number, providerName: string, subject: string) =>
      repository.linkProvider(db, userId, providerName, subject),

    async createAccount(
      account: {
        name: string;
        email: string;
        phoneNumber: string | null;
        password: string | null;
        providerName: string;
        providerSubject?: string;
      },
      tx: DbOrTx = db,
    ) {
      try {
        return await repository.insertUser(tx, {
          name: account.name,
          email: account.email.toLowerCase(),
          phoneNumber: account.phoneNumber,
          passwordHash: account.password === null ? null : await hashPassword(account.password),
          roleId: ROLE.MEMBER,
          providerName: account.providerName,
          providerSubject: account.providerSubject ?? null,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN);
        throw error;
      }
    },

    async updateProfile(
      userId: number,
      input: ProfileUpdateInput,
      roleId: number = ROLE.MEMBER,
    ): Promise<Profile> {
      // Issue 16: a registration number makes a reviewer a pharmacist who may approve
      // prescriptions (issue 32: whoever holds prescriptions.review).
      if (input.pharmacistRegistrationNumber && !can(roleId, 'prescriptions.review'))
        throw new ForbiddenError(
          'Only pharmacy staff can record a pharmacist registration number.',
        );
      try {
        const updated = await repository.updateProfile(db, userId, {
          ...input,
          email: input.email.toLowerCase(),
        });
        if (!updated) throw new NotFoundError('No user found.');
        return updated;
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN);
        throw error;
      }
    },

    /** Signs out every other session (token version bump) and returns a fresh token for this one. */
    async changePassword(
      userId: number,
      input: ChangePasswordInput,
    ): Promise<{ message: string; token: string }> {
      const user = await repository.findCredentialsById(db, userId);
      if (!user) throw new NotFoundError('No user found.');
      if (!usesPasswordLogin(user.providerName) || !user.passwordHash)
        throw new ForbiddenError(PASSWORD_LOGIN_ONLY);
      if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
        throw new BadRequestError(OLD_PASSWORD_WRONG);
      const tokenVersion = await repository.updatePasswordHash(
        db,
        userId,
        await hashPassword(input.newPassword),
      );
      return {
        message: MESSAGES.passwordChanged,
        token: await issueToken({ ...user, tokenVersion }),
      };
    },

    /** Used by password reset: sets the password and signs out every session. */
    async setPassword(userId: number, password: string, tx: DbOrTx = db): Promise<void> {
      await repository.updatePasswordHash(tx, userId, await hashPassword(password));
    },

    async listUsers(
      query: UserListQuery,
    ): Promise<{ userList: UserListItem[]; pagination: Pagination }> {
      // Spec §5: only terms of 2 or more characters count.
      const search =
        query.search && query.search.length >= LIMITS.userSearchMinLength
          ? query.search
          : undefined;
      const { rows, rowCount } = await repository.listUsers(db, {
        search,
        page: query.page,
        pageSize: query.pageSize,
      });
      return {
        userList: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        pagination: {
          ...defaultPagination,
          page: query.page,
          pageSize: query.pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / query.pageSize),
        },
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
