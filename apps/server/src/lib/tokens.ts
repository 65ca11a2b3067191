import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/** Session tokens: HS256 only (algorithm pinned), with issuer, audience, expiry and a version. */
const ISSUER = 'medikart';
const AUDIENCE = 'medikart-web';
const ALGORITHM = 'HS256';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  userId: number;
  roleId: number;
  /** users.token_version at issue time; bumping it revokes every older token. */
  tokenVersion: number;
}

export class InvalidTokenError extends Error {}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signSessionToken(
  secret: string,
  claims: SessionClaims,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.roleId, ver: claims.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
    .sign(keyOf(secret));
}

export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 5,
    });
    const userId = Number(payload.sub);
    const roleId = payload.role;
    const tokenVersion = payload.ver;
    if (
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      typeof roleId !== 'number' ||
      typeof tokenVersion !== 'number'
    ) {
      throw new InvalidTokenError('token claims are malformed');
    }
    return { userId, roleId, tokenVersion };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
      throw new InvalidTokenError(error.message);
    }
    throw error;
  }
}

/** Short-lived signed values for flows that round-trip through the browser (OIDC state). */
export async function signFlowValue(
  secret: string,
  audience: string,
  data: Record<string, string>,
  ttlSeconds: number,
) {
  return new SignJWT(data)
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(secret));
}

export async function verifyFlowValue(
  secret: string,
  audience: string,
  token: string,
): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience,
    });
    return payload;
  } catch (error) {
    throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid');
  }
}
