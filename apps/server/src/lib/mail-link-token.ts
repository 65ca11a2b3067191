import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/**
 * A mail's unsubscribe link works without signing in (issues 17 and 32), so the link itself is
 * the permission: an HS256 token signed with JWT_SECRET that names what it is about (`sub`: a
 * reminder, a customer), its customer (`uid`), what it is for (`purpose`, one per kind of mail)
 * and expires. Its audience differs from the session token's, so neither can stand in for the
 * other, and a token signed for one purpose is refused for any other although the key is the same.
 */
const ISSUER = 'medikart';
const AUDIENCE = 'medikart-mail-link';
const ALGORITHM = 'HS256';
/** Long enough for a mail read late; a newer mail carries a fresh link. */
export const MAIL_LINK_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;

export class MailLinkTokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason);
  }
}

export interface MailLinkClaims {
  purpose: string;
  subject: number;
  userId: number;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signMailLinkToken(
  secret: string,
  claims: MailLinkClaims,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ purpose: claims.purpose, uid: claims.userId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.subject))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + MAIL_LINK_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The claims of a mail-link token whose purpose is one of `purposes`; throws MailLinkTokenError
 * when it is forged, expired, malformed or made for another purpose.
 */
export async function verifyMailLinkToken(
  secret: string,
  token: string,
  purposes: readonly string[],
  now: Date = new Date(),
): Promise<MailLinkClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: now,
      clockTolerance: 5,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new MailLinkTokenError('expired');
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
      throw new MailLinkTokenError('invalid');
    throw error;
  }
  const subject = Number(payload.sub);
  const { purpose, uid } = payload;
  if (typeof purpose !== 'string' || !purposes.includes(purpose) || !isId(subject) || !isId(uid))
    throw new MailLinkTokenError('invalid');
  return { purpose, subject, userId: uid };
}
