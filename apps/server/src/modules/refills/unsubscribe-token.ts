import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/**
 * The unsubscribe link of a refill reminder mail works without signing in (issue 17), so the link
 * itself is the permission: an HS256 token signed with JWT_SECRET that names one reminder and its
 * customer, says what it is for (`purpose`) and expires. Its audience differs from the session
 * token's, so neither can stand in for the other, and a token signed for another purpose (a
 * password reset, a future mail link) is refused even though the key is the same.
 */
const ISSUER = 'medikart';
const AUDIENCE = 'medikart-mail-link';
const ALGORITHM = 'HS256';
export const REFILL_UNSUBSCRIBE_PURPOSE = 'refill-unsubscribe';
/** Long enough for a mail read late; a newer reminder mail carries a fresh link. */
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;

export class UnsubscribeTokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason);
  }
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signUnsubscribeToken(
  secret: string,
  claims: { reminderId: number; userId: number },
  options: { now?: Date; purpose?: string } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT({
    purpose: options.purpose ?? REFILL_UNSUBSCRIBE_PURPOSE,
    uid: claims.userId,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.reminderId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + UNSUBSCRIBE_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** The reminder and customer a refill-unsubscribe token names; throws UnsubscribeTokenError. */
export async function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<{ reminderId: number; userId: number }> {
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
    if (error instanceof joseErrors.JWTExpired) throw new UnsubscribeTokenError('expired');
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
      throw new UnsubscribeTokenError('invalid');
    throw error;
  }
  const reminderId = Number(payload.sub);
  const userId = payload.uid;
  if (
    payload.purpose !== REFILL_UNSUBSCRIBE_PURPOSE ||
    !Number.isSafeInteger(reminderId) ||
    reminderId <= 0 ||
    typeof userId !== 'number' ||
    !Number.isSafeInteger(userId) ||
    userId <= 0
  ) {
    throw new UnsubscribeTokenError('invalid');
  }
  return { reminderId, userId };
}
