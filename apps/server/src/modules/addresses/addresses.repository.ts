import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses, users } from '../../db/schema/index';

export const addressColumns = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  street: addresses.street,
  city: addresses.city,
  state: addresses.state,
  country: addresses.country,
  pinCode: addresses.pinCode,
  alternatePhone: addresses.alternatePhone,
  isPrimary: addresses.isPrimary,
};

export interface AddressFields {
  name: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  country: string;
  pinCode: string;
  alternatePhone: string | null;
}

/** Serializes address changes of one user (two tabs, double clicks) on the user's row. */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export function listByUser(db: DbOrTx, userId: number) {
  return db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isPrimary), desc(addresses.createdAt), desc(addresses.id));
}

export async function findOwned(db: DbOrTx, userId: number, addressId: number) {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

export async function countByUser(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  return rows.length;
}

export async function clearPrimary(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(addresses)
    .set({ isPrimary: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isPrimary, true)));
}

export async function insert(
  db: DbOrTx,
  userId: number,
  fields: AddressFields,
  isPrimary: boolean,
): Promise<number> {
  const [row] = await db
    .insert(addresses)
    .values({ ...fields, userId, isPrimary })
    .returning({ id: addresses.id });
  if (!row) throw new Error('address insert returned no row');
  return row.id;
}

export async function update(
  db: DbOrTx,
  userId: number,
  addressId: number,
  fields: AddressFields & { isPrimary?: boolean },
) {
  await db
    .update(addresses)
    .set(fields)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
}

export async function remove(db: DbOrTx, userId: number, addressId: number): Promise<void> {
  await db.delete(addresses).where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
}

export async function newestOther(db: DbOrTx, userId: number, exceptId: number) {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), ne(addresses.id, exceptId)))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row;
}

export async function setPrimary(db: DbOrTx, addressId: number): Promise<void> {
  await db.update(addresses).set({ isPrimary: true }).where(eq(addresses.id, addressId));
}
