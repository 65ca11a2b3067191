import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/errors';
import { users } from '../../db/schema/index';

const profileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  providerName: users.providerName,
  pharmacistRegistrationNumber: users.pharmacistRegistrationNumber,
};

const emailEquals = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findSessionUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ roleId: users.roleId, tokenVersion: users.tokenVersion })
    .from(users)
    // Issue 32: a deactivated or erased account has no session, whatever token it shows.
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt), isNull(users.erasedAt)))
    .limit(1);
  return row;
}

export async function findProfileById(db: DbOrTx, userId: number) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findCredentialsByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      ...profileColumns,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(emailEquals(email))
    .limit(1);
  return row;
}

export async function findCredentialsById(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      ...profileColumns,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findByProviderSubject(db: DbOrTx, providerName: string, subject: string) {
  const [row] = await db
    .select({
      ...profileColumns,
      tokenVersion: users.tokenVersion,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(and(eq(users.providerName, providerName), eq(users.providerSubject, subject)))
    .limit(1);
  return row;
}

export async function findIdAndRoleByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      roleId: users.roleId,
      tokenVersion: users.tokenVersion,
      providerName: users.providerName,
    })
    .from(users)
    .where(emailEquals(email))
    .limit(1);
  return row;
}

export async function insertUser(
  db: DbOrTx,
  user: {
    name: string;
    email: string;
    phoneNumber: string | null;
    passwordHash: string | null;
    roleId: number;
    providerName: string;
    providerSubject?: string | null;
  },
) {
  const [row] = await db
    .insert(users)
    .values(user)
    .returning({ ...profileColumns, tokenVersion: users.tokenVersion });
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateProfile(
  db: DbOrTx,
  userId: number,
  changes: {
    name: string;
    email: string;
    phoneNumber: string;
    pharmacistRegistrationNumber?: string | null;
  },
) {
  const [row] = await db
    .update(users)
    .set(changes)
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row;
}

/** Sets the hash and bumps the token version, revoking every token issued before. */
export async function updatePasswordHash(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) throw new Error('password update matched no user');
  return row.tokenVersion;
}

/** A user's role, the row locked to the end of the transaction (a role change reads the old one). */
export async function lockRole(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ roleId: users.roleId })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row?.roleId;
}

/** Changing the role bumps the token version so tokens issued under the old role stop working. */
export async function setUserRole(db: DbOrTx, userId: number, roleId: number): Promise<void> {
  await db
    .update(users)
    .set({ roleId, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function linkProvider(
  db: DbOrTx,
  userId: number,
  providerName: string,
  providerSubject: string,
) {
  await db.update(users).set({ providerName, providerSubject }).where(eq(users.id, userId));
}

export async function listUsers(
  db: DbOrTx,
  options: { search: string | undefined; page: number; pageSize: number },
) {
  const pattern = options.search ? `%${escapeLike(options.search.toLowerCase())}%` : undefined;
  const where = pattern
    ? or(ilike(sql`lower(${users.name})`, pattern), ilike(sql`lower(${users.email})`, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phoneNumber: users.phoneNumber,
        createdAt: users.createdAt,
        roleId: users.roleId,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

export async function setPharmacistNumberIfMissing(db: DbOrTx, email: string, number: string) {
  await db
    .update(users)
    .set({ pharmacistRegistrationNumber: number })
    .where(and(emailEquals(email), sql`${users.pharmacistRegistrationNumber} is null`));
  // The profile form needs a phone number to save anything, the registration number included.
  await db
    .update(users)
    .set({ phoneNumber: '9876543210' })
    .where(and(emailEquals(email), sql`${users.phoneNumber} is null`));
}
