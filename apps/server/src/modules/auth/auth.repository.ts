import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/index';

export async function insertResetToken(
  db: DbOrTx,
  token: { userId: number; tokenHash: string; expiresAt: Date },
) {
  await db.insert(passwordResetTokens).values(token);
}

/** Locks the token row so two tabs using one link cannot both reset the password. */
export async function findUsableResetTokenForUpdate(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/** Marks every unused link of the user as used: one reset spends them all. */
export async function spendResetTokens(db: DbOrTx, userId: number, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
