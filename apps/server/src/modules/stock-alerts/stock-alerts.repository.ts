import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, stockNotifications } from '../../db/schema/catalog';
import { users } from '../../db/schema/users';

/** A new waiting request; nothing when one is already waiting (asking twice is one request). */
export async function insertRequest(db: DbOrTx, userId: number, productId: number) {
  await db.insert(stockNotifications).values({ userId, productId }).onConflictDoNothing();
}

/**
 * The product; `lock` waits for a restock or a sale that holds the product (they lock it for
 * update), so a request is never read as out of stock by a restock that cannot see it yet.
 */
export async function findProduct(db: DbOrTx, productId: number, lock = false) {
  const query = db
    .select({
      id: products.id,
      name: products.name,
      quantity: products.quantity,
      isActive: products.isActive,
    })
    .from(products)
    .where(eq(products.id, productId));
  const [row] = lock ? await query.for('share') : await query;
  return row;
}

/** Of these products, those someone is waiting for. */
export async function productsWithWaiting(db: DbOrTx, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ productId: stockNotifications.productId })
    .from(stockNotifications)
    .where(
      and(inArray(stockNotifications.productId, productIds), isNull(stockNotifications.notifiedAt)),
    );
  return rows.map((row) => row.productId);
}

/**
 * A slice of the product's waiting requests, locked so that a second worker (another instance)
 * skips them rather than mailing the same people.
 */
export function lockWaiting(db: DbOrTx, productId: number, limit: number) {
  return db
    .select({
      id: stockNotifications.id,
      userId: stockNotifications.userId,
      email: users.email,
      name: users.name,
    })
    .from(stockNotifications)
    .innerJoin(users, eq(users.id, stockNotifications.userId))
    .where(and(eq(stockNotifications.productId, productId), isNull(stockNotifications.notifiedAt)))
    .orderBy(stockNotifications.id)
    .limit(limit)
    .for('update', { of: stockNotifications, skipLocked: true });
}

export async function markNotified(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(stockNotifications)
    .set({ notifiedAt: sql`now()` })
    .where(inArray(stockNotifications.id, ids));
}

export async function hasWaiting(db: DbOrTx, userId: number, productId: number) {
  const rows = await db
    .select({ id: stockNotifications.id })
    .from(stockNotifications)
    .where(
      and(
        eq(stockNotifications.userId, userId),
        eq(stockNotifications.productId, productId),
        isNull(stockNotifications.notifiedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The shopper's waiting requests and those fulfilled in the last 90 days, newest first. */
export function listForUser(db: DbOrTx, userId: number) {
  return db
    .select({
      id: stockNotifications.id,
      productId: stockNotifications.productId,
      productName: products.name,
      quantity: products.quantity,
      isActive: products.isActive,
      requestedAt: stockNotifications.createdAt,
      notifiedAt: stockNotifications.notifiedAt,
    })
    .from(stockNotifications)
    .innerJoin(products, eq(products.id, stockNotifications.productId))
    .where(
      and(
        eq(stockNotifications.userId, userId),
        or(
          isNull(stockNotifications.notifiedAt),
          gt(stockNotifications.notifiedAt, sql`now() - interval '90 days'`),
        ),
      ),
    )
    .orderBy(desc(stockNotifications.createdAt), desc(stockNotifications.id))
    .limit(200);
}

export async function deleteWaiting(db: DbOrTx, userId: number, productId: number) {
  const rows = await db
    .delete(stockNotifications)
    .where(
      and(
        eq(stockNotifications.userId, userId),
        eq(stockNotifications.productId, productId),
        isNull(stockNotifications.notifiedAt),
      ),
    )
    .returning({ id: stockNotifications.id });
  return rows.length > 0;
}
