/**
 * Build-time configuration, read once (ARCHITECTURE.md: config/env.ts is the only reader of the
 * environment). Runtime shop settings come from GET /api/settings; these are the fallbacks.
 * Plain checks instead of zod keep the validator out of the first download.
 */
function read(name: string, fallback: string): string {
  const value: unknown = import.meta.env[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string') throw new Error(`Invalid web environment: ${name} must be text.`);
  return value.trim() || fallback;
}

export const env = {
  /** Base of the API; the server serves it on the same origin under /api. */
  apiUrl: read('VITE_API_URL', '/api').replace(/\/$/, ''),
  /** Shown until GET /api/settings answers; the server's default shop name. */
  shopName: read('VITE_SHOP_NAME', 'MediKart Pharmacy'),
  supportEmail: read('VITE_SUPPORT_EMAIL', 'support@medikart.example'),
  supportPhone: read('VITE_SUPPORT_PHONE', '+91 80 4000 1234'),
} as const;
