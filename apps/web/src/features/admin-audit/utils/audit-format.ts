import {
  ADJUSTMENT_REASON_LABELS,
  AUDIT_ACTION_LABELS,
  formatMoney,
  fromMinorUnits,
  roleLabel,
  type AuditEntry,
} from '@pharmacy/shared';

let dateTime: Intl.DateTimeFormat | undefined;

/** '25 Nov 2026, 14:05:09 UTC' (spec §9: en-IN, UTC; seconds, as entries come close together). */
export function formatAuditTime(value: string): string {
  dateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${dateTime.format(date)} UTC`;
}

/** 'Price changed' for a known action; the action itself for one this build does not know. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

const ENTITY_LABELS: Record<string, string> = {
  product: 'Product',
  stock_batch: 'Batch',
  user: 'User',
  order: 'Order',
  prescription: 'Prescription',
  register_entry: 'Register entry',
};

/** 'Product #12', 'Batch #4'; an unknown type in words ('h1_register' → 'H1 register #3'). */
export function entityLabel(entityType: string, entityId: string): string {
  const known = ENTITY_LABELS[entityType];
  const words = entityType.replace(/_/g, ' ');
  return `${known ?? words.charAt(0).toUpperCase() + words.slice(1)} #${entityId}`;
}

/** Who acted: the user's name (and e-mail), 'System' without one, the id when the user is gone. */
export function actorText(entry: Pick<AuditEntry, 'actorUserId' | 'actorName'>): string {
  if (entry.actorUserId === null) return 'System';
  return entry.actorName ?? `User #${entry.actorUserId} (deleted)`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) && 'from' in value && 'to' in value && Object.keys(value).length === 2;

/** 'offerPriceMinor' → 'Offer price'; 'maximumRetailPriceMinor' → 'MRP'. */
function keyLabel(key: string): string {
  if (key === 'maximumRetailPriceMinor') return 'MRP';
  if (key === 'roleId') return 'Role';
  const words = key
    .replace(/Minor$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(key: string, value: unknown, currencySymbol: string): string {
  if (value === null || value === undefined) return '—';
  if (key.endsWith('Minor') && typeof value === 'number')
    return formatMoney(fromMinorUnits(value), currencySymbol);
  if (key === 'roleId' && typeof value === 'number') return roleLabel(value);
  if (key === 'reason' && typeof value === 'string' && value in ADJUSTMENT_REASON_LABELS)
    return ADJUSTMENT_REASON_LABELS[value as keyof typeof ADJUSTMENT_REASON_LABELS];
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-IN');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Known keys first, in the order a person reads them; the rest after, alphabetically. */
const KEY_ORDER = [
  'name',
  'productName',
  'productId',
  'batchNumber',
  'expiryDate',
  'orderId',
  'status',
  'statusId',
  'offerPriceMinor',
  'maximumRetailPriceMinor',
  'roleId',
  'units',
  'onHand',
  'unitsOnHand',
  'state',
  'reason',
  'note',
  'via',
];

const keyRank = (key: string) => {
  const index = KEY_ORDER.indexOf(key);
  return index === -1 ? KEY_ORDER.length : index;
};

/**
 * The details as short lines a person reads: changes as 'Offer price: ₹90.00 → ₹140.00', other
 * values as 'Units: -3'. Empty values are left out. (jsonb gives keys back in its own order, so
 * the order here is chosen, not the recorded one.)
 */
export function detailLines(
  details: Record<string, unknown>,
  currencySymbol: string,
): Array<{ label: string; text: string }> {
  const lines: Array<{ label: string; text: string }> = [];
  const keys = Object.keys(details).sort(
    (a, b) => keyRank(a) - keyRank(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const key of keys) {
    const value = details[key];
    if (value === null || value === undefined || value === '') continue;
    const text = isChange(value)
      ? `${valueText(key, value.from, currencySymbol)} → ${valueText(key, value.to, currencySymbol)}`
      : valueText(key, value, currencySymbol);
    lines.push({ label: keyLabel(key), text });
  }
  return lines;
}

/** A hash shortened for a narrow screen: its first and last 8 characters. */
export const shortHash = (hash: string) =>
  hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
