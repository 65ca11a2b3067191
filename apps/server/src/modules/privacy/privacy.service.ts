import {
  CONSENT_KINDS,
  ORDER_STATUS,
  PRIVACY_TEXTS,
  consentUnsubscribePurpose,
  isStaffRole,
  unsubscribedMessage,
  usesPasswordLogin,
  type ConsentKind,
  type ConsentsResponse,
  type ConsentsUpdate,
  type UnsubscribeResponse,
  type DeleteAccountInput,
  type DeleteAccountResponse,
  type SignOutEverywhereResponse,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { MailLinkTokenError, verifyMailLinkToken } from '../../lib/mail-link-token';
import { verifyPassword } from '../../lib/password';
import type { FileStorage } from '../../lib/storage/index';
import { signSessionToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import type { ConsentsService } from './consents.service';
import { buildDataExport } from './data-export';
import * as erasure from './erasure.repository';
import * as repository from './privacy.repository';

const CLOSED_STATUSES = [ORDER_STATUS.DELIVERED, ORDER_STATUS.CANCELLED] as const;

const ERASED = [
  'Your name, e-mail address, phone number and password.',
  'Your saved addresses and your cart.',
  'The patients you saved.',
  'Your stock alerts, refill reminders and reward points.',
  'Your newsletter sign-up; every marketing e-mail consent is withdrawn.',
  'Every signed-in session, on every device.',
];

const keptSentences = (until: string) => [
  `Your orders with their delivery addresses, invoices and credit notes, until ${until}.`,
  `The prescriptions you uploaded, their files and the pharmacist's transcriptions, until ${until}.`,
  `The entries of the Schedule H1 register for medicines dispensed to you, until ${until}.`,
];

/** Issue 32 points 5 and 6: the data download, account deletion and signing out everywhere. */
export function createPrivacyService(deps: {
  db: Database;
  storage: FileStorage;
  consents: ConsentsService;
  jwtSecret: string;
  recordRetentionYears: number;
  now?: (() => Date) | undefined;
}) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function emailOf(userId: number): Promise<string> {
    const profile = await repository.profileOf(db, userId);
    if (!profile) throw new NotFoundError('No user found.');
    return profile.email;
  }

  const purposes = CONSENT_KINDS.map(consentUnsubscribePurpose);

  return {
    async consents(userId: number): Promise<ConsentsResponse> {
      return { consents: await deps.consents.current(await emailOf(userId)) };
    },

    async updateConsents(userId: number, input: ConsentsUpdate): Promise<ConsentsResponse> {
      return deps.consents.update({ userId, email: await emailOf(userId) }, input);
    },

    /**
     * A mail's unsubscribe link (no sign-in; the signed token names the customer and the kind):
     * the consent is withdrawn, source 'unsubscribe-link'. Again is harmless.
     */
    async unsubscribe(token: string): Promise<UnsubscribeResponse> {
      let claims;
      try {
        claims = await verifyMailLinkToken(deps.jwtSecret, token, purposes, now());
      } catch (error) {
        if (error instanceof MailLinkTokenError)
          throw new BadRequestError(
            error.reason === 'expired'
              ? PRIVACY_TEXTS.unsubscribeExpired
              : PRIVACY_TEXTS.unsubscribeInvalid,
          );
        throw error;
      }
      const kind = CONSENT_KINDS.find(
        (each) => consentUnsubscribePurpose(each) === claims.purpose,
      ) as ConsentKind;
      const profile = await repository.profileOf(db, claims.userId);
      // An erased account withdrew everything already.
      if (profile)
        await db.transaction((tx) =>
          deps.consents.record(
            tx,
            { userId: claims.userId, email: profile.email },
            { [kind]: false },
            'unsubscribe-link',
          ),
        );
      return { message: unsubscribedMessage(kind), kind };
    },

    /** The ZIP and the day it is dated; the download is written to the audit chain. */
    async exportData(userId: number): Promise<{ zip: Uint8Array; day: string }> {
      const at = now();
      const zip = await buildDataExport(deps, userId, at);
      await db.transaction((tx) =>
        recordAudit(tx, {
          actorUserId: userId,
          action: 'user.data_exported',
          entityType: 'user',
          entityId: userId,
          details: { bytes: zip.byteLength },
        }),
      );
      return { zip, day: at.toISOString().slice(0, 10) };
    },

    /**
     * Erases the account in one transaction, or refuses while an order is open. What the law
     * keeps stays linked to the anonymised row until RECORD_RETENTION_YEARS after today at the
     * latest (each record's own retain_until is earlier or the same).
     */
    async deleteAccount(userId: number, input: DeleteAccountInput): Promise<DeleteAccountResponse> {
      const at = now();
      const until = new Date(at);
      until.setUTCFullYear(until.getUTCFullYear() + deps.recordRetentionYears);
      const keptUntil = until.toISOString().slice(0, 10);
      await db.transaction(async (tx) => {
        const user = await repository.credentialsOf(tx, userId);
        if (!user || user.erasedAt) throw new NotFoundError('No user found.');
        if (usesPasswordLogin(user.providerName) && user.passwordHash) {
          if (!input.password) throw new BadRequestError(PRIVACY_TEXTS.passwordNeeded);
          if (!(await verifyPassword(user.passwordHash, input.password)))
            throw new BadRequestError(PRIVACY_TEXTS.wrongPassword);
        } else if (input.confirm !== 'DELETE') {
          throw new BadRequestError(PRIVACY_TEXTS.confirmDelete);
        }
        // A work account is closed by the owner (staff management), not erased by its holder.
        if (isStaffRole(user.roleId)) throw new ForbiddenError(PRIVACY_TEXTS.staffAccount);
        const open = await repository.openOrderIds(tx, userId, CLOSED_STATUSES);
        if (open.length > 0) throw new ConflictError(PRIVACY_TEXTS.openOrder);
        await deps.consents.withdrawAll(tx, { userId, email: user.email });
        await erasure.deletePersonalRows(tx, userId);
        await erasure.anonymiseUser(tx, userId, at);
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'user.erased',
          entityType: 'user',
          entityId: userId,
          details: { keptUntil, retentionYears: deps.recordRetentionYears },
        });
      });
      return {
        message: PRIVACY_TEXTS.deletedIntro,
        erased: ERASED,
        kept: keptSentences(keptUntil),
        keptUntil,
        retentionYears: deps.recordRetentionYears,
      };
    },

    /** Every token issued before ends; this session gets a fresh one (like a password change). */
    async signOutEverywhere(userId: number): Promise<SignOutEverywhereResponse> {
      const user = await db.transaction(async (tx) => {
        const bumped = await erasure.bumpTokenVersion(tx, userId);
        if (!bumped) throw new NotFoundError('No user found.');
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'user.signed_out_everywhere',
          entityType: 'user',
          entityId: userId,
          details: {},
        });
        return bumped;
      });
      return {
        message: PRIVACY_TEXTS.signedOutEverywhere,
        token: await signSessionToken(deps.jwtSecret, {
          userId,
          roleId: user.roleId,
          tokenVersion: user.tokenVersion,
        }),
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
