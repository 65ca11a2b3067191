import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cartItems } from '../../db/schema/index';

const lineColumns = { id: cartItems.id, productId: cartItems.productId, count: cartItems.count };

/** Serializes one user's cart changes (two tabs, double clicks) without locking anyone else. */
export async function lockCart(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7001, ${userId})`);
}

export function listLines(db: DbOrTx, userId: number) {
  return db
    .select(lineColumns)
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function findLineByProduct(db: DbOrTx, userId: number, productId: number) {
  const [row] = await db
    .select(lineColumns)
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .limit(1);
  return row;
}

export async function findLine(db: DbOrTx, userId: number, cartItemId: number) {
  const [row] = await db
    .select(lineColumns)
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.id, cartItemId)))
    .limit(1);
  return row;
}

export async function insertLine(
  db: DbOrTx,
  userId: number,
  productId: number,
  count: number,
): Promise<number> {
  const [row] = await db
    .insert(cartItems)
    .values({ userId, productId, count })
    .returning({ id: cartItems.id });
  if (!row) throw new Error('cart insert returned no row');
  return row.id;
}

export async function setCount(db: DbOrTx, cartItemId: number, count: number): Promise<void> {
  await db.update(cartItems).set({ count }).where(eq(cartItems.id, cartItemId));
}

export async function deleteLine(db: DbOrTx, userId: number, cartItemId: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.id, cartItemId)));
}

export async function deleteByProduct(
  db: DbOrTx,
  userId: number,
  productId: number,
): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function clear(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}
