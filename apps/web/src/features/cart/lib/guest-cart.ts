import { useSyncExternalStore } from 'react';
import { MESSAGES, type GuestCartLine } from '@pharmacy/shared';
import { notSoldOnlineText } from '../../../lib/dispensing-texts';
import { QUANTITY_MIN_TEXT } from '../texts';
import type { CartLine, CartProduct } from '../types';
import { capMessage, lineCap, toCartProduct } from './cart-rules';

/**
 * DECISIONS: a guest's cart lives in the browser (localStorage) with a snapshot of each product,
 * follows the same quantity rules as the server cart (spec §5) and merges into the server cart on
 * sign-in. A tiny external store: the badge, the drawer and the product buttons read the same
 * lines, and other tabs follow through the 'storage' event.
 */
export const GUEST_CART_KEY = 'guestCart';
/** POST /cart/merge takes at most 200 lines (cartMergeSchema). */
export const MAX_GUEST_LINES = 200;
const MAX_MERGE_COUNT = 1000;

export const ITEM_REMOVED = 'Item removed from cart';
export const CART_FULL = 'Your cart is full. Remove an item to add another.';

export type GuestCartResult = { ok: boolean; message: string };

let memoryRaw: string | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(GUEST_CART_KEY);
  } catch {
    return memoryRaw; // storage blocked: the cart lasts as long as the page
  }
}

function writeRaw(value: string | null): void {
  memoryRaw = value;
  try {
    if (value === null) window.localStorage.removeItem(GUEST_CART_KEY);
    else window.localStorage.setItem(GUEST_CART_KEY, value);
  } catch {
    // storage blocked or full: memoryRaw keeps the cart for this page
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const isWhole = (value: unknown): value is number => Number.isInteger(value);
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function parseSalt(value: unknown): CartProduct['saltComposition'] {
  if (!isRecord(value) || !isWhole(value.id) || typeof value.name !== 'string') return null;
  return { id: value.id, name: value.name };
}

/**
 * A stored product snapshot. Snapshots saved before issue 16 have no per-order limit, online-sale
 * flag or salt: they read as no limit, sold online and no salt until the product is added again.
 */
function parseProduct(value: unknown): CartProduct | null {
  if (!isRecord(value)) return null;
  const { id, name, offerPrice, maximumRetailPrice, quantity, prescription, images } = value;
  if (!isWhole(id) || id <= 0 || typeof name !== 'string' || !isWhole(quantity)) return null;
  if (!isAmount(offerPrice) || !isAmount(maximumRetailPrice)) return null;
  const urls = Array.isArray(images)
    ? images.flatMap((image) =>
        isRecord(image) && typeof image.url === 'string' ? [{ url: image.url }] : [],
      )
    : [];
  const limit = value.maxUnitsPerOrder;
  return {
    id,
    name,
    offerPrice,
    maximumRetailPrice,
    quantity,
    prescription: prescription === true,
    maxUnitsPerOrder: isWhole(limit) && limit >= 1 ? limit : null,
    onlineSale: value.onlineSale !== false,
    saltComposition: parseSalt(value.saltComposition),
    images: urls.slice(0, 1),
  };
}

/**
 * Reads what is stored, dropping anything malformed or not sold online and clamping each count
 * to 1..stock (and the per-order limit), so a hand-edited or outdated entry can never break the
 * page or exceed the rules.
 */
export function parseGuestCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const items: unknown[] = isRecord(data) && Array.isArray(data.lines) ? data.lines : [];
  const seen = new Set<number>();
  const lines: CartLine[] = [];
  for (const item of items) {
    if (!isRecord(item) || !isWhole(item.count)) continue;
    const product = parseProduct(item.product);
    if (!product || !product.onlineSale || seen.has(product.id)) continue;
    const cap = lineCap(product);
    if (cap < 1) continue;
    seen.add(product.id);
    lines.push({
      productId: product.id,
      cartItemId: null,
      count: Math.min(Math.max(1, item.count), cap),
      product,
    });
    if (lines.length >= MAX_GUEST_LINES) break;
  }
  return lines;
}

function serialise(lines: readonly CartLine[]): string {
  return JSON.stringify({
    version: 1,
    lines: lines.map(({ productId, count, product }) => ({ productId, count, product })),
  });
}

let cachedRaw: string | null | undefined;
let cachedLines: CartLine[] = [];

/** The stored lines; the same array until the stored text changes (a stable snapshot). */
export function getGuestCart(): CartLine[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseGuestCart(raw);
  }
  return cachedLines;
}

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === GUEST_CART_KEY) emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function save(lines: readonly CartLine[]): void {
  writeRaw(lines.length === 0 ? null : serialise(lines));
  emit();
}

export function useGuestCart(): CartLine[] {
  return useSyncExternalStore(subscribe, getGuestCart, () => cachedLines);
}

/**
 * Adds `quantity` units (spec §5: a whole number from 1 up to the stock, counting the cart; issue
 * 16: within the product's per-order limit, and never a product not sold online), as the server
 * cart refuses them.
 */
export function addToGuestCart(product: CartProduct, quantity: number): GuestCartResult {
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, message: QUANTITY_MIN_TEXT };
  if (!product.onlineSale) return { ok: false, message: notSoldOnlineText(product.name) };
  const lines = getGuestCart();
  const snapshot = toCartProduct(product);
  const cap = lineCap(snapshot);
  const existing = lines.find((line) => line.productId === product.id);
  if (snapshot.quantity < 1) return { ok: false, message: `${product.name} is out of stock.` };
  const next = (existing?.count ?? 0) + quantity;
  if (next > cap) return { ok: false, message: capMessage(snapshot) };
  if (existing) {
    save(
      lines.map((line) =>
        line.productId === product.id ? { ...line, count: next, product: snapshot } : line,
      ),
    );
    return { ok: true, message: MESSAGES.quantityUpdated };
  }
  if (lines.length >= MAX_GUEST_LINES) return { ok: false, message: CART_FULL };
  save([...lines, { productId: product.id, cartItemId: null, count: quantity, product: snapshot }]);
  return { ok: true, message: MESSAGES.addedToCart };
}

/**
 * The stepper: +1 within the stock and the per-order limit; -1, where the last unit removes the
 * line (as DELETE /cart/{id}).
 */
export function stepGuestLine(productId: number, delta: 1 | -1): GuestCartResult {
  const lines = getGuestCart();
  const line = lines.find((item) => item.productId === productId);
  if (!line) return { ok: false, message: 'This item is not in your cart.' };
  const next = line.count + delta;
  if (next < 1) return removeFromGuestCart(productId);
  if (next > lineCap(line.product)) return { ok: false, message: capMessage(line.product) };
  save(lines.map((item) => (item.productId === productId ? { ...item, count: next } : item)));
  return { ok: true, message: MESSAGES.quantityUpdated };
}

export function removeFromGuestCart(productId: number): GuestCartResult {
  const lines = getGuestCart();
  if (!lines.some((line) => line.productId === productId)) {
    return { ok: false, message: 'This item is not in your cart.' };
  }
  save(lines.filter((line) => line.productId !== productId));
  return { ok: true, message: ITEM_REMOVED };
}

export function clearGuestCart(): void {
  save([]);
}

/** The body of POST /cart/merge (cartMergeSchema): one entry per product, within its limits. */
export function guestMergePayload(lines: readonly CartLine[]): { items: GuestCartLine[] } {
  const counts = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.productId) || line.productId <= 0) continue;
    counts.set(line.productId, (counts.get(line.productId) ?? 0) + line.count);
  }
  const items: GuestCartLine[] = [];
  for (const [productId, count] of counts) {
    if (count < 1) continue;
    items.push({ productId, count: Math.min(count, MAX_MERGE_COUNT) });
    if (items.length >= MAX_GUEST_LINES) break;
  }
  return { items };
}
