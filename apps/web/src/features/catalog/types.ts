import type { CatalogEntry, Division, Product } from '@pharmacy/shared';

export type { CatalogEntry, Division, Product };

/** A product as cards and the cart controls receive it (spec §3 Product). */
export type ProductSummary = Product;
export type NamedItem = CatalogEntry;

/** GET /product/{id}/substitutes: a product plus how much cheaper it is than the one shown. */
export type Substitute = Product & { savingsPerUnit: number; savingsPercent: number };

export type CatalogListKind = 'divisions' | 'manufacturers' | 'saltCompositions';

export function divisionImageUrl(division: Division): string | null {
  return division.images?.url ?? null;
}
