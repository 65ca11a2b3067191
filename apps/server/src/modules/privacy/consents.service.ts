import {
  CONSENT_DEFAULTS,
  CONSENT_KINDS,
  type Consent,
  type ConsentKind,
  type ConsentsUpdate,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import * as repository from './consents.repository';

/** Where a consent was given or withdrawn (marketing_consents.source). */
export type ConsentSource = 'account' | 'unsubscribe-link' | 'newsletter-form' | 'account-deleted';

/**
 * Issue 32 point 5: consents to marketing mail, an append-only history per e-mail address and
 * kind; the newest row is in force, an address without one follows the kind's default
 * (CONSENT_DEFAULTS, decision 0028 "Consents"). Made before the modules that send such mail
 * (site, stock alerts, refills), which ask it before queuing one.
 */
export function createConsentsService(deps: { db: Database; now?: (() => Date) | undefined }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function current(email: string, tx: DbOrTx = db): Promise<Consent[]> {
    const rows = await repository.newestConsents(tx, email, CONSENT_KINDS);
    const legacyNewsletter = rows.some((row) => row.kind === 'newsletter')
      ? false
      : await repository.hasActiveSubscription(tx, email);
    return CONSENT_KINDS.map((kind) => {
      const row = rows.find((each) => each.kind === kind);
      if (row)
        return {
          kind,
          granted: row.granted,
          changedAt: row.createdAt.toISOString(),
          source: row.source,
        };
      if (kind === 'newsletter' && legacyNewsletter)
        return { kind, granted: true, changedAt: null, source: 'newsletter-form' };
      return { kind, granted: CONSENT_DEFAULTS[kind], changedAt: null, source: null };
    });
  }

  /**
   * Records each change that differs from the consent in force (setting what is already so
   * writes nothing), in the caller's transaction, with an audit entry when a customer acts.
   */
  async function record(
    tx: DbOrTx,
    who: { userId: number | null; email: string },
    changes: Partial<Record<ConsentKind, boolean>>,
    source: ConsentSource,
  ): Promise<ConsentKind[]> {
    const before = await current(who.email, tx);
    const changed = CONSENT_KINDS.filter((kind) => {
      const wanted = changes[kind];
      return wanted !== undefined && before.find((c) => c.kind === kind)?.granted !== wanted;
    });
    await repository.insertConsents(
      tx,
      changed.map((kind) => ({
        userId: who.userId,
        email: who.email.toLowerCase(),
        kind,
        granted: changes[kind] === true,
        source,
      })),
    );
    if (changes.newsletter !== undefined && changed.includes('newsletter'))
      await repository.setNewsletterUnsubscribed(tx, who.email, changes.newsletter ? null : now());
    if (changed.length > 0 && who.userId !== null)
      await recordAudit(tx, {
        actorUserId: source === 'unsubscribe-link' ? null : who.userId,
        action: 'consent.changed',
        entityType: 'user',
        entityId: who.userId,
        details: {
          source,
          changes: Object.fromEntries(changed.map((kind) => [kind, changes[kind] === true])),
        },
      });
    return changed;
  }

  return {
    current: (email: string) => current(email),

    record,

    /** A customer's change from Privacy & data. */
    async update(user: { userId: number; email: string }, input: ConsentsUpdate) {
      await db.transaction((tx) => record(tx, user, input, 'account'));
      return { consents: await current(user.email) };
    },

    /**
     * Of these addresses, those that may be sent mail of `kind` now, in the sender's transaction
     * (a withdrawal committed before the mail is queued is always seen).
     */
    async allowedAmong(tx: DbOrTx, emails: readonly string[], kind: ConsentKind) {
      const newest = await repository.newestAmong(tx, emails, kind);
      return new Set(
        emails.filter((email) => newest.get(email.toLowerCase()) ?? CONSENT_DEFAULTS[kind]),
      );
    },

    history: (userId: number, email: string, tx: DbOrTx = db) =>
      repository.consentHistory(tx, userId, email),

    /** Erasure: every consent withdrawn (the rows stay as proof), the sign-up row removed. */
    async withdrawAll(tx: DbOrTx, who: { userId: number; email: string }) {
      await record(
        tx,
        who,
        Object.fromEntries(CONSENT_KINDS.map((kind) => [kind, false])),
        'account-deleted',
      );
      await repository.deleteNewsletterSubscription(tx, who.email);
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
