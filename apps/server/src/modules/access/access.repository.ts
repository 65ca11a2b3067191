import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { ROLE } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { staffInvitations, users } from '../../db/schema/index';

const emailEquals = (column: typeof users.email | typeof staffInvitations.email, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
};

/** Every staff account (any role but member), erased ones left out; owners first, then by name. */
export async function listStaff(db: DbOrTx) {
  return db
    .select(staffColumns)
    .from(users)
    .where(and(ne(users.roleId, ROLE.MEMBER), isNull(users.erasedAt)))
    .orderBy(asc(users.roleId), asc(users.name), asc(users.id));
}

/** One staff account, its row locked to the end of the transaction (role or status change). */
export async function lockStaffMember(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .for('update');
  return row;
}

export async function findStaffMember(db: DbOrTx, userId: number) {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Sets or clears the deactivation; every token issued before stops working either way. */
export async function setDeactivatedAt(tx: DbOrTx, userId: number, at: Date | null) {
  await tx
    .update(users)
    .set({ deactivatedAt: at, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/** The account of an e-mail (any role), locked when in a transaction that changes it. */
export async function lockAccountByEmail(tx: DbOrTx, email: string) {
  const [row] = await tx
    .select({ id: users.id, roleId: users.roleId, name: users.name })
    .from(users)
    .where(emailEquals(users.email, email))
    .for('update');
  return row;
}

export async function findAccountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(emailEquals(users.email, email))
    .limit(1);
  return row;
}

export async function findUserName(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? null;
}

const sessionColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  providerName: users.providerName,
  pharmacistRegistrationNumber: users.pharmacistRegistrationNumber,
  tokenVersion: users.tokenVersion,
};

/** A new staff account with its role and password (an e-mail account, no phone yet). */
export async function insertStaffAccount(
  tx: DbOrTx,
  account: { name: string; email: string; roleId: number; passwordHash: string },
) {
  const [row] = await tx
    .insert(users)
    .values({
      name: account.name,
      email: account.email.toLowerCase(),
      phoneNumber: null,
      passwordHash: account.passwordHash,
      roleId: account.roleId,
      providerName: 'Email',
    })
    .returning(sessionColumns);
  if (!row) throw new Error('staff account insert returned no row');
  return row;
}

/**
 * An existing member becomes staff: the role, the password (and the name when given) are set and
 * the token version bumped, so sessions opened before (as a customer) end.
 */
export async function promoteAccount(
  tx: DbOrTx,
  userId: number,
  changes: { roleId: number; passwordHash: string; name?: string },
) {
  const [row] = await tx
    .update(users)
    .set({
      roleId: changes.roleId,
      passwordHash: changes.passwordHash,
      ...(changes.name ? { name: changes.name } : {}),
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, userId))
    .returning(sessionColumns);
  if (!row) throw new Error('promotion matched no user');
  return row;
}

const invitationColumns = {
  id: staffInvitations.id,
  name: staffInvitations.name,
  email: staffInvitations.email,
  roleId: staffInvitations.roleId,
  invitedByUserId: staffInvitations.invitedByUserId,
  expiresAt: staffInvitations.expiresAt,
  acceptedAt: staffInvitations.acceptedAt,
  revokedAt: staffInvitations.revokedAt,
  createdAt: staffInvitations.createdAt,
};

const isOpen = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));

/** Invitations neither accepted nor revoked (expired ones too), newest first. */
export async function listOpenInvitations(db: DbOrTx) {
  return db
    .select({ ...invitationColumns, invitedByName: users.name })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedByUserId))
    .where(isOpen)
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
}

export async function insertInvitation(
  tx: DbOrTx,
  invitation: {
    name: string;
    email: string;
    roleId: number;
    tokenHash: string;
    invitedByUserId: number;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(staffInvitations).values(invitation).returning(invitationColumns);
  if (!row) throw new Error('invitation insert returned no row');
  return row;
}

/** Revokes the open invitations of an e-mail (a new one replaces them); answers their ids. */
export async function revokeOpenInvitationsOf(tx: DbOrTx, email: string, at: Date) {
  const rows = await tx
    .update(staffInvitations)
    .set({ revokedAt: at })
    .where(and(emailEquals(staffInvitations.email, email), isOpen))
    .returning({ id: staffInvitations.id });
  return rows.map((row) => row.id);
}

export async function lockInvitation(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select(invitationColumns)
    .from(staffInvitations)
    .where(eq(staffInvitations.id, id))
    .for('update');
  return row;
}

/** The invitation of a link; locked when accepting, so a second click waits and then sees it used. */
export async function findInvitationByTokenHash(
  db: DbOrTx,
  tokenHash: string,
  options: { lock: boolean },
) {
  const query = db
    .select(invitationColumns)
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for('update') : await query.limit(1);
  return row;
}

export async function markRevoked(tx: DbOrTx, id: number, at: Date) {
  await tx.update(staffInvitations).set({ revokedAt: at }).where(eq(staffInvitations.id, id));
}

export async function markAccepted(tx: DbOrTx, id: number, userId: number, at: Date) {
  await tx
    .update(staffInvitations)
    .set({ acceptedAt: at, userId })
    .where(eq(staffInvitations.id, id));
}
