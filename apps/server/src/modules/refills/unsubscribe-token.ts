import {
  MAIL_LINK_TOKEN_TTL_SECONDS,
  MailLinkTokenError,
  signMailLinkToken,
  verifyMailLinkToken,
} from '../../lib/mail-link-token';

/**
 * The unsubscribe link of a refill reminder mail (issue 17): a mail-link token
 * (lib/mail-link-token.ts, issue 32) whose purpose is 'refill-unsubscribe' and whose subject is
 * the reminder. A token made for another purpose (a back-in-stock or newsletter link, a password
 * reset) is refused here although the key is the same.
 */
export const REFILL_UNSUBSCRIBE_PURPOSE = 'refill-unsubscribe';
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = MAIL_LINK_TOKEN_TTL_SECONDS;
export { MailLinkTokenError as UnsubscribeTokenError };

export async function signUnsubscribeToken(
  secret: string,
  claims: { reminderId: number; userId: number },
  options: { now?: Date | undefined; purpose?: string } = {},
): Promise<string> {
  return signMailLinkToken(
    secret,
    {
      purpose: options.purpose ?? REFILL_UNSUBSCRIBE_PURPOSE,
      subject: claims.reminderId,
      userId: claims.userId,
    },
    options.now,
  );
}

/** The reminder and customer a refill-unsubscribe token names; throws UnsubscribeTokenError. */
export async function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<{ reminderId: number; userId: number }> {
  const claims = await verifyMailLinkToken(secret, token, [REFILL_UNSUBSCRIBE_PURPOSE], now);
  return { reminderId: claims.subject, userId: claims.userId };
}
