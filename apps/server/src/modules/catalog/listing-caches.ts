import { createChangeCounter, createTtlCache } from '../../lib/cache';
import type { PageAnchor } from './product-listing.repository';

/**
 * Listing counts and deep-page anchors are reused for a few seconds (`ttlMs`), and forgotten as
 * soon as this instance changes a product or a catalogue entry (`listingChanges.bump()`).
 */
export function createListingCaches(ttlMs: number) {
  const listingChanges = createChangeCounter();
  const version = () => listingChanges.value;
  return {
    listingChanges,
    counts: createTtlCache<Promise<number>>({ ttlMs, maxEntries: 500, version }),
    searchCounts: createTtlCache<Promise<number[]>>({ ttlMs, maxEntries: 2_000, version }),
    anchors: createTtlCache<Promise<PageAnchor[]>>({ ttlMs, maxEntries: 50, version }),
  };
}

export type ListingCaches = ReturnType<typeof createListingCaches>;
