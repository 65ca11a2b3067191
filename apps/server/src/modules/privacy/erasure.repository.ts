import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  addresses,
  cartItems,
  loyaltyLedger,
  passwordResetTokens,
  patients,
  refillReminders,
  stockNotifications,
  users,
} from '../../db/schema/index';

/**
 * Issue 32 point 5, account deletion: what is erased, in the caller's transaction. Orders (with
 * their shipping address snapshot), invoices and credit notes, prescriptions and their files,
 * saved prescriptions and the H1 register are not touched: the law keeps them, and they stay
 * linked to the anonymised user row (decision 0029).
 */
export async function anonymiseUser(db: DbOrTx, userId: number, at: Date) {
  await db
    .update(users)
    .set({
      name: 'Deleted customer',
      email: `deleted-${userId}@erased.invalid`,
      phoneNumber: null,
      passwordHash: null,
      providerSubject: null,
      pharmacistRegistrationNumber: null,
      orderProgressMails: false,
      erasedAt: at,
      // Every token issued before stops working (plugins/auth.ts).
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, userId));
}

/** Rows that are only the customer's own and that no law keeps. */
export async function deletePersonalRows(db: DbOrTx, userId: number) {
  // Orders keep their shipping_address snapshot; their address_id is set null by its key.
  await db.delete(addresses).where(eq(addresses.userId, userId));
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  // Orders and saved prescriptions keep the patient's name as written then; their patient_id
  // is set null by its key.
  await db.delete(patients).where(eq(patients.userId, userId));
  await db.delete(stockNotifications).where(eq(stockNotifications.userId, userId));
  await db.delete(refillReminders).where(eq(refillReminders.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  // Points cannot be used by an account nobody can sign in to.
  await db.delete(loyaltyLedger).where(eq(loyaltyLedger.userId, userId));
}

/** Signing out everywhere: the version every older token carries is no longer current. */
export async function bumpTokenVersion(db: DbOrTx, userId: number) {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ roleId: users.roleId, tokenVersion: users.tokenVersion });
  return row;
}
