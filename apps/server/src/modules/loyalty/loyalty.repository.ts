import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loyaltyLedger } from '../../db/schema/loyalty';
import { users } from '../../db/schema/users';

export type LedgerKind = 'earned' | 'redeemed' | 'reversed' | 'expired';

export interface NewLedgerRow {
  userId: number;
  kind: LedgerKind;
  reverses?: 'earned' | 'redeemed' | null;
  points: number;
  orderId?: number | null;
  expiresAt?: Date | null;
  note?: string | null;
  createdAt?: Date;
}

/**
 * Every writer that can lower a balance takes this lock first, so two redemptions (or a
 * redemption and an expiry) of one member run one after the other and the second sees the first.
 * NO KEY UPDATE: orders and carts referencing the member are not blocked by it.
 */
export async function lockMember(tx: DbOrTx, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return rows.length > 0;
}

export async function memberExists(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return rows.length > 0;
}

export async function balance(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${loyaltyLedger.points}), 0)` })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.userId, userId));
  return Number(row?.total ?? 0);
}

/**
 * The balance, and whether any of the member's earned lots has reached its expiry date (only
 * then can something be due to lapse): one pass over the member's rows, so spending points
 * runs the FIFO expiry figures only for members who have lapsed lots.
 */
export async function balanceAndLapse(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<{ balance: number; lapsed: boolean }> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${loyaltyLedger.points}), 0)`,
      lapsed: sql<boolean>`coalesce(bool_or(${loyaltyLedger.kind} = 'earned' and ${loyaltyLedger.expiresAt} <= ${now.toISOString()}::timestamptz), false)`,
    })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.userId, userId));
  return { balance: Number(row?.total ?? 0), lapsed: row?.lapsed === true };
}

export async function insertRow(tx: DbOrTx, row: NewLedgerRow): Promise<void> {
  await tx.insert(loyaltyLedger).values(row);
}

/** An earning; false when the order has already earned (the partial unique index). */
export async function insertEarned(tx: DbOrTx, row: NewLedgerRow): Promise<boolean> {
  const inserted = await tx
    .insert(loyaltyLedger)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: loyaltyLedger.id });
  return inserted.length > 0;
}

/** What one order did to points so far, per member (normally one). */
export interface OrderPoints {
  userId: number;
  /** Points the order earned (0 when none). */
  earned: number;
  /** Points of that earning already taken back (positive). */
  earnedReversed: number;
  /** Points the order still holds from redemptions: Σ redeemed + their reversals (positive). */
  redeemedHeld: number;
}

export async function orderPoints(db: DbOrTx, orderId: number): Promise<OrderPoints[]> {
  const rows = await db
    .select({
      userId: loyaltyLedger.userId,
      earned: sql<string>`coalesce(sum(${loyaltyLedger.points}) filter (where ${loyaltyLedger.kind} = 'earned'), 0)`,
      earnedReversed: sql<string>`coalesce(-sum(${loyaltyLedger.points}) filter (where ${loyaltyLedger.kind} = 'reversed' and ${loyaltyLedger.reverses} = 'earned'), 0)`,
      redeemedHeld: sql<string>`coalesce(-sum(${loyaltyLedger.points}) filter (where ${loyaltyLedger.kind} = 'redeemed' or (${loyaltyLedger.kind} = 'reversed' and ${loyaltyLedger.reverses} = 'redeemed')), 0)`,
    })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.orderId, orderId))
    .groupBy(loyaltyLedger.userId)
    .orderBy(asc(loyaltyLedger.userId));
  return rows.map((row) => ({
    userId: row.userId,
    earned: Number(row.earned),
    earnedReversed: Number(row.earnedReversed),
    redeemedHeld: Number(row.redeemedHeld),
  }));
}

/** The figures pointsToExpire needs, per member with points to lapse at `now`. */
export interface ExpiryFigures {
  userId: number;
  lapsedEarned: number;
  spent: number;
  alreadyExpired: number;
  balance: number;
}

/**
 * Members whose lapsed earnings (net of their reversals) exceed what was spent and already
 * expired: only they have points to expire. One statement, so a daily run does not visit every
 * member who ever earned.
 */
export async function expiryFigures(
  db: DbOrTx,
  now: Date,
  userId?: number,
): Promise<ExpiryFigures[]> {
  const nowIso = now.toISOString();
  const forUser = userId === undefined ? sql`true` : sql`l.user_id = ${userId}`;
  const result = await db.execute(sql`
    WITH lapsed AS (
      SELECT e.user_id,
             e.points + coalesce((
               SELECT sum(r.points) FROM loyalty_ledger r
               WHERE r.order_id = e.order_id AND r.user_id = e.user_id
                 AND r.kind = 'reversed' AND r.reverses = 'earned'), 0) AS net
      FROM loyalty_ledger e
      WHERE e.kind = 'earned' AND e.expires_at <= ${nowIso}::timestamptz
        AND ${userId === undefined ? sql`true` : sql`e.user_id = ${userId}`}
    ),
    lapsed_by_user AS (
      SELECT user_id, sum(net) AS lapsed_earned FROM lapsed GROUP BY user_id
    ),
    figures AS (
      SELECT l.user_id,
             coalesce(-sum(l.points) FILTER (WHERE l.kind = 'redeemed'
               OR (l.kind = 'reversed' AND l.reverses = 'redeemed')), 0) AS spent,
             coalesce(-sum(l.points) FILTER (WHERE l.kind = 'expired'), 0) AS already_expired,
             sum(l.points) AS balance
      FROM loyalty_ledger l
      WHERE l.user_id IN (SELECT user_id FROM lapsed_by_user) AND ${forUser}
      GROUP BY l.user_id
    )
    SELECT f.user_id, lb.lapsed_earned, f.spent, f.already_expired, f.balance
    FROM figures f JOIN lapsed_by_user lb ON lb.user_id = f.user_id
    WHERE lb.lapsed_earned - f.spent - f.already_expired > 0 AND f.balance > 0
    ORDER BY f.user_id
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  return rows.map((row) => ({
    userId: Number(row.user_id),
    lapsedEarned: Number(row.lapsed_earned),
    spent: Number(row.spent),
    alreadyExpired: Number(row.already_expired),
    balance: Number(row.balance),
  }));
}

/** A member's earned lots (net of their reversals), oldest expiry first. */
export async function earnedLots(
  db: DbOrTx,
  userId: number,
): Promise<{ net: number; expiresAt: Date }[]> {
  const rows = await db
    .select({
      points: loyaltyLedger.points,
      orderId: loyaltyLedger.orderId,
      expiresAt: loyaltyLedger.expiresAt,
      // Qualified by hand: drizzle leaves a one-table query's columns bare, which inside the
      // subquery would name r's own columns.
      reversed: sql<string>`coalesce((
        SELECT sum(r.points) FROM loyalty_ledger r
        WHERE r.order_id = loyalty_ledger.order_id AND r.user_id = loyalty_ledger.user_id
          AND r.kind = 'reversed' AND r.reverses = 'earned'), 0)`,
    })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.userId, userId), eq(loyaltyLedger.kind, 'earned')))
    .orderBy(asc(loyaltyLedger.expiresAt), asc(loyaltyLedger.id));
  return rows.map((row) => ({
    net: row.points + Number(row.reversed),
    expiresAt: row.expiresAt ?? new Date(0),
  }));
}

/** Σ spent (redemptions net of those given back) and Σ expired, both positive. */
export async function consumed(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(-sum(${loyaltyLedger.points}) filter (where ${loyaltyLedger.kind} in ('redeemed', 'expired') or (${loyaltyLedger.kind} = 'reversed' and ${loyaltyLedger.reverses} = 'redeemed')), 0)`,
    })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.userId, userId));
  return Number(row?.total ?? 0);
}

export async function history(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: loyaltyLedger.id,
        kind: loyaltyLedger.kind,
        reverses: loyaltyLedger.reverses,
        points: loyaltyLedger.points,
        orderId: loyaltyLedger.orderId,
        createdAt: loyaltyLedger.createdAt,
        expiresAt: loyaltyLedger.expiresAt,
      })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.userId, userId))
      .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId)),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}
