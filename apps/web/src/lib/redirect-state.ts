/**
 * Spec §2 navigation state: a page that sends the user elsewhere to do something (sign in, add an
 * address) passes `{ redirectTo: '/path' }` as the location state, and the page returns there
 * when done (the address pages add `{ addressId }`). Only same-site paths are followed, so a
 * crafted state can never send anyone off the shop.
 */
export interface RedirectState {
  redirectTo?: string;
}

export function readRedirectTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('redirectTo' in state)) return null;
  const { redirectTo } = state as { redirectTo: unknown };
  if (typeof redirectTo !== 'string') return null;
  // '//host' and '/\host' are read by browsers as another site; only plain paths stay here.
  return /^\/(?![/\\])/.test(redirectTo) ? redirectTo : null;
}
