import { createHash, randomBytes } from 'node:crypto';
import {
  FORGOT_PASSWORD_ANSWER,
  MESSAGES,
  PASSWORD_RESET_DONE,
  PROVIDER,
  RESET_LINK_INVALID,
  STAFF_MESSAGES,
  usesPasswordLogin,
  type AuthResponse,
  type LoginInput,
  type ResetPasswordInput,
  type SignupInput,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { AttemptLimiter } from '../../lib/attempt-limiter';
import { BadRequestError, TooManyRequestsError } from '../../lib/errors';
import type { MailOutbox } from '../notifications/mail-outbox';
import type { LimitCounters } from '../../lib/rate-limits';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import type { UsersService } from '../users/users.service';
import * as repository from './auth.repository';
import type { OidcIdentity } from './oidc';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** Limits of failed logins: per address (guessing one account) and per client (spraying many). */
export const LOGIN_LIMITS = { perEmail: 10, perIp: 50, windowMs: FIFTEEN_MINUTES };

export class GoogleAccountError extends Error {}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createAuthService(deps: {
  db: Database;
  users: UsersService;
  outbox: MailOutbox;
  publicUrl: string;
  shopName: string;
  limits: LimitCounters;
}) {
  const { db, users } = deps;
  const emailLimiter = new AttemptLimiter(
    deps.limits.counter('login-email', LOGIN_LIMITS.perEmail, LOGIN_LIMITS.windowMs),
    LOGIN_LIMITS.perEmail,
  );
  const ipLimiter = new AttemptLimiter(
    deps.limits.counter('login-ip', LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowMs),
    LOGIN_LIMITS.perIp,
  );

  const session = async (user: {
    id: number;
    name: string;
    email: string;
    phoneNumber: string | null;
    roleId: number;
    providerName: string | null;
    pharmacistRegistrationNumber?: string | null;
    tokenVersion: number;
  }): Promise<AuthResponse> => ({
    token: await users.issueToken(user),
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      roleId: user.roleId,
      providerName: user.providerName,
      pharmacistRegistrationNumber: user.pharmacistRegistrationNumber ?? null,
    },
  });

  return {
    /** The same answer for an unknown e-mail and a wrong password, in about the same time. */
    async login(input: LoginInput, ip: string): Promise<AuthResponse> {
      const emailKey = input.email.toLowerCase();
      const waits = await Promise.all([
        emailLimiter.retryAfterSeconds(emailKey),
        ipLimiter.retryAfterSeconds(ip),
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) {
        throw new TooManyRequestsError(
          wait,
          `Too many login attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`,
        );
      }
      const user = await users.findCredentialsByEmail(input.email);
      const hash = user?.passwordHash ?? (await dummyPasswordHash());
      const passwordMatches = await verifyPassword(hash, input.password);
      if (!user || !user.passwordHash || !passwordMatches) {
        await Promise.all([emailLimiter.recordFailure(emailKey), ipLimiter.recordFailure(ip)]);
        throw new BadRequestError(MESSAGES.invalidCredentials);
      }
      await emailLimiter.reset(emailKey);
      // Issue 32: said only to whoever knows the password, so it reveals nothing to a guesser.
      if (user.deactivatedAt) throw new BadRequestError(STAFF_MESSAGES.accountDeactivated);
      return session(user);
    },

    async signup(input: SignupInput): Promise<AuthResponse> {
      const user = await users.createAccount({
        name: input.name,
        email: input.email,
        phoneNumber: input.phoneNumber,
        password: input.password,
        providerName: PROVIDER.EMAIL,
      });
      return session(user);
    },

    /** Always answers the same, whether or not the address has an account. */
    async requestPasswordReset(email: string): Promise<{ message: string }> {
      const user = await users.findCredentialsByEmail(email);
      // A deactivated account gets no link (issue 32): the same answer as an unknown address.
      if (user && !user.deactivatedAt && usesPasswordLogin(user.providerName)) {
        const token = randomBytes(32).toString('base64url');
        const link = `${deps.publicUrl}/reset-password?token=${token}`;
        // The link and its mail are written together: no token without its mail, and no mail
        // with a token that was never saved.
        await db.transaction(async (tx) => {
          await repository.insertResetToken(tx, {
            userId: user.id,
            tokenHash: hashResetToken(token),
            expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
          });
          await deps.outbox.enqueue(tx, 'account.password_reset', {
            to: user.email,
            subject: `Reset your ${deps.shopName} password`,
            text: [
              `Hello ${user.name},`,
              '',
              'Someone asked to reset the password of your account. If it was you, open this link within one hour:',
              link,
              '',
              'The link works once. If you did not ask, ignore this e-mail: your password stays as it is.',
            ].join('\n'),
          });
        });
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },

    async resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
      const now = new Date();
      await db.transaction(async (tx) => {
        const token = await repository.findUsableResetTokenForUpdate(
          tx,
          hashResetToken(input.token),
          now,
        );
        if (!token) throw new BadRequestError(RESET_LINK_INVALID);
        await users.setPassword(token.userId, input.newPassword, tx);
        await repository.spendResetTokens(tx, token.userId, now);
      });
      return { message: PASSWORD_RESET_DONE };
    },

    /**
     * Google sign-in: the Google subject finds the account; otherwise a verified e-mail links to the
     * existing account of that address (which keeps its password); otherwise a new member is created.
     */
    async signInWithGoogle(identity: OidcIdentity): Promise<AuthResponse> {
      const linked = await users.findByProviderSubject(PROVIDER.GOOGLE, identity.subject);
      if (linked?.deactivatedAt) throw new GoogleAccountError(STAFF_MESSAGES.accountDeactivated);
      if (linked) return session(linked);
      if (!identity.emailVerified)
        throw new GoogleAccountError('Your Google e-mail address is not verified.');
      const existing = await users.findCredentialsByEmail(identity.email);
      if (existing?.deactivatedAt) throw new GoogleAccountError(STAFF_MESSAGES.accountDeactivated);
      if (existing) {
        if (existing.providerName === PROVIDER.GOOGLE)
          await users.linkProvider(existing.id, PROVIDER.GOOGLE, identity.subject);
        return session(existing);
      }
      const created = await users.createAccount({
        name: identity.name?.trim() || identity.email.split('@')[0] || 'Customer',
        email: identity.email,
        phoneNumber: null,
        password: null,
        providerName: PROVIDER.GOOGLE,
        providerSubject: identity.subject,
      });
      return session(created);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
