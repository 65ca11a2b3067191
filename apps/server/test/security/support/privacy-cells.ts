import { eq } from 'drizzle-orm';
import { consentUnsubscribePurpose } from '@pharmacy/shared';
import { users } from '../../../src/db/schema/index';
import { signMailLinkToken } from '../../../src/lib/mail-link-token';
import { signSessionToken } from '../../../src/lib/tokens';
import type { TestUser } from '../../factories';
import type { World } from './world';

/** A's back-in-stock unsubscribe link's token (issue 32): the token is the permission. */
export function consentTokenOfA(w: World): Promise<string> {
  return signMailLinkToken(w.t.config.jwtSecret, {
    purpose: consentUnsubscribePurpose('back_in_stock'),
    subject: w.memberA.id,
    userId: w.memberA.id,
  });
}

/**
 * POST /user/sign-out-everywhere ends every token of the actor, the one the matrix holds too.
 * The actor's header answers its current token once more (the cell's own request) and then a
 * token of the version the sign-out leaves, so the cases after it still act as that person.
 */
export async function renewAfterSignOut(w: World, actor: TestUser | undefined): Promise<void> {
  if (!actor) return;
  const [row] = await w.db
    .select({ roleId: users.roleId, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!row) throw new Error('no such actor');
  const current = actor.auth.authorization;
  const fresh = await signSessionToken(w.t.config.jwtSecret, {
    userId: actor.id,
    roleId: row.roleId,
    tokenVersion: row.tokenVersion + 1,
  });
  let reads = 0;
  Object.defineProperty(actor.auth, 'authorization', {
    enumerable: true,
    configurable: true,
    get: () => (reads++ === 0 ? current : `Bearer ${fresh}`),
  });
  actor.token = fresh;
}
