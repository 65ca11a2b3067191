import { CONSENT_KINDS, consentUnsubscribePurpose, type ConsentKind } from '@pharmacy/shared';

/**
 * The consent an unsubscribe link's token is about, read from the token's payload (not trusted:
 * the server checks the signature; this only picks the page's words), or null for any other
 * token (a refill reminder's own link, a damaged one).
 */
export function consentKindOfToken(token: string): ConsentKind | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const purpose: unknown = (JSON.parse(json) as { purpose?: unknown }).purpose;
    return CONSENT_KINDS.find((kind) => consentUnsubscribePurpose(kind) === purpose) ?? null;
  } catch {
    return null;
  }
}
