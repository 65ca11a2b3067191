import type { Database, DbOrTx } from '../../db/client';
import type { FileStorage } from '../../lib/storage/index';
import type { ScheduleRegistry } from '../compliance/schedules';
import type { InventoryService } from '../inventory/inventory.service';
import { createCatalogImages } from './catalog-images';
import { createProductListing } from './catalog-listing';
import { createListingCaches } from './listing-caches';
import { productAnswer } from './product-answer';
import { createProductsService } from './products.service';
import { createTaxonomyService } from './taxonomy.service';

export { PRODUCT_NOT_FOUND } from './products.service';

export interface CatalogServiceOptions {
  /** A new product's quantity, received as its first batch in the product's transaction. */
  openingStock: InventoryService['receiveInTx'];
  /** Called after any change to products (stock included) or catalogue entries. */
  onChange?: () => void;
  /** How long listing counts and deep-page anchors are reused; 0 counts every time. */
  cacheTtlMs?: number;
  /** The drug schedules each product answer names (issue 16). */
  schedules: ScheduleRegistry;
  /**
   * A product put back on sale, told in the transaction that did it: shoppers waiting for it
   * are mailed if it has stock (issue 17).
   */
  onPublished?: (tx: DbOrTx, productIds: number[]) => Promise<void>;
}

/**
 * The catalogue as one service, as the routes and the other modules use it: the listing and
 * search (catalog-listing.ts, catalog-search.ts), one product's reads and writes
 * (products.service.ts) and the divisions, manufacturers and salts (taxonomy.service.ts), sharing
 * the listing caches that any of their writes makes out of date.
 */
export function createCatalogService(
  db: Database,
  storage: FileStorage,
  options: CatalogServiceOptions,
) {
  const caches = createListingCaches(options.cacheTtlMs ?? 0);
  /** Products or entries changed: cached listings and answers are out of date. */
  const catalogueChanged = () => {
    caches.listingChanges.bump();
    options.onChange?.();
  };
  const asProduct = productAnswer(options.schedules);
  const images = createCatalogImages(storage);

  return {
    ...createProductListing(db, caches, asProduct),
    ...createProductsService(db, {
      schedules: options.schedules,
      asProduct,
      images,
      openingStock: options.openingStock,
      onPublished: options.onPublished,
      catalogueChanged,
    }),
    ...createTaxonomyService(db, images, catalogueChanged),

    /** Another server instance changed the catalogue (lib/change-feed.ts): recount listings. */
    forgetCachedListings(): void {
      caches.listingChanges.bump();
    },

    /** Products were written in bulk (the catalogue CSV import): forget cached listings once. */
    productsImported(): void {
      catalogueChanged();
    },

    /** Stock was taken by an order written elsewhere (orders placeFromCart): listings show it. */
    stockChanged(): void {
      options.onChange?.();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
