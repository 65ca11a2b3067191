import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loadThrough } from '../../lib/cache';
import type { ListingCaches } from './listing-caches';
import * as listingRepo from './product-listing.repository';
import * as searchRepo from './product-search.repository';

/** A misspelt term looks for products holding any of its closest words. */
const SIMILAR_WORDS = 3;

/** The shop's search: relevance groups read one after another, counts cached with the listing's. */
export function createProductSearch(db: Database, caches: ListingCaches) {
  const { counts, searchCounts } = caches;

  /**
   * The rows of `offset`…`offset + limit` of groups ranked one after another, given each group's
   * count (a group whose rows all come before the page is not read).
   */
  async function readTiers(
    base: SQL | undefined,
    tiers: searchRepo.SearchTier[],
    counted: Promise<number>[],
    offset: number,
    limit: number,
  ) {
    const rows: listingRepo.ListedRow[] = [];
    let skip = offset;
    for (const [i, tier] of tiers.entries()) {
      if (rows.length >= limit) break;
      // The first group's page is read while the counts run; a later group's count (known by
      // then, or quick when the group is small) says whether it has rows for this page at all.
      if (skip > 0 || i > 0) {
        const tierCount = (await counted[i]) ?? 0;
        if (skip >= tierCount) {
          skip -= tierCount;
          continue;
        }
      }
      const page = await listingRepo.listPage(db, {
        where: and(base, tier.where),
        order: tier.order,
        limit: limit - rows.length,
        offset: skip,
        walk: tier.walk,
      });
      rows.push(...page);
      skip = 0;
    }
    const totals = await Promise.all(counted);
    return { rows, rowCount: totals.reduce((sum, n) => sum + n, 0) };
  }

  /**
   * A shopper's search (active products, no filter) for a term of letters and digits: counted
   * from the catalogue's words (search_words) instead of over the matching products, which for a
   * term in thousands of products was most of the time of a search (docs/performance.md).
   */
  async function vocabularySearch(
    lowered: string,
    order: listingRepo.ProductOrder | undefined,
    offset: number,
    limit: number,
  ) {
    const named = searchRepo.namedTier(lowered);
    // Names starting with the term lead a relevance ranking; their page is read alongside.
    const firstPage =
      order || offset > 0 ? undefined : listingRepo.listPage(db, { ...named, limit, offset });
    firstPage?.catch(() => {});
    const stats = await searchRepo.termStats(db, lowered, SIMILAR_WORDS);
    const active = listingRepo.filterCondition({ includeInactive: false });
    if (stats.words > 0) {
      // One word: its count is the answer. Several words may share a product ('tablet' and
      // 'tablets'), so they are counted over the products, and that count is reused.
      const total =
        stats.words === 1
          ? stats.products
          : await loadThrough(counts, `search|contains:${lowered}`, () =>
              listingRepo.countProducts(db, and(active, searchRepo.searchCondition(lowered))),
            );
      if (order) {
        const rows = await listingRepo.listPage(db, {
          where: and(active, searchRepo.searchCondition(lowered)),
          order: listingRepo.orderOf(order),
          limit,
          offset,
        });
        return { rows, rowCount: total };
      }
      const rows = firstPage
        ? await firstPage
        : offset < stats.named
          ? await listingRepo.listPage(db, { ...named, limit, offset })
          : [];
      const others = Math.max(0, total - stats.named);
      if (rows.length < limit && others > 0) {
        const skip = Math.max(0, offset - stats.named);
        const need = limit - rows.length;
        const rest = searchRepo.containingTier(
          lowered,
          searchRepo.walkNewestFirst(others, skip + need, stats.catalogue),
        );
        rows.push(...(await listingRepo.listPage(db, { ...rest, limit: need, offset: skip })));
      }
      return { rows, rowCount: total };
    }
    const words = stats.similar.map((similar) => similar.word);
    if (words.length === 0) return { rows: [], rowCount: 0 };
    const [closest] = stats.similar;
    if (order) {
      const where = and(active, searchRepo.similarWordsCondition(words));
      const [rows, rowCount] = await Promise.all([
        listingRepo.listPage(db, { where, order: listingRepo.orderOf(order), limit, offset }),
        words.length === 1 && closest
          ? closest.products
          : loadThrough(counts, `search|words:${words.join(' ')}`, () =>
              listingRepo.countProducts(db, where),
            ),
      ]);
      return { rows, rowCount };
    }
    // The closest word's products are counted by the vocabulary; the next words' (without those
    // of the words before them) over their own, usually few, products.
    const tiers = searchRepo.similarWordsSearch(
      words,
      searchRepo.walkNewestFirst(closest?.products ?? 0, offset + limit, stats.catalogue),
    );
    const later = tiers.slice(1);
    const laterCounts =
      later.length === 0
        ? Promise.resolve([])
        : loadThrough(searchCounts, `active|${later.map((tier) => tier.key).join('|')}`, () =>
            listingRepo.countEach(
              db,
              active,
              later.map((tier) => tier.where),
            ),
          );
    laterCounts.catch(() => {});
    const counted = [
      Promise.resolve(closest?.products ?? 0),
      ...later.map((_, i) => laterCounts.then((all) => all[i] ?? 0)),
    ];
    return readTiers(active, tiers, counted, offset, limit);
  }

  /**
   * A search: the groups of a relevance ranking one after another (or every match in the chosen
   * sort), with the total. A term of 3+ letters that matches nothing is taken as misspelt and
   * looked up among the catalogue's words ('paracetmol' → paracetamol).
   */
  async function searchProducts(
    filter: listingRepo.ProductFilter,
    term: string,
    order: listingRepo.ProductOrder | undefined,
    offset: number,
    limit: number,
  ) {
    const lowered = term.toLowerCase();
    const unfiltered =
      !filter.includeInactive &&
      filter.divisionId === undefined &&
      filter.manufacturerId === undefined &&
      filter.saltCompositionId === undefined &&
      filter.prescription === undefined;
    if (unfiltered && searchRepo.VOCABULARY_TERM.test(lowered))
      return vocabularySearch(lowered, order, offset, limit);
    const base = listingRepo.filterCondition(filter);
    const filterKey = JSON.stringify(filter);
    const run = async (tiers: searchRepo.SearchTier[]) => {
      const countsKey = `${filterKey}|${tiers.map((tier) => tier.key).join('|')}`;
      const allCounts = loadThrough(searchCounts, countsKey, () =>
        listingRepo.countEach(
          db,
          base,
          tiers.map((tier) => tier.where),
        ),
      );
      const counted = tiers.map((_, i) => allCounts.then((all) => all[i] ?? 0));
      counted.forEach((count) => count.catch(() => {}));
      return readTiers(base, tiers, counted, offset, limit);
    };
    const sorted = (where: SQL, key: string) =>
      run([
        {
          where,
          order: listingRepo.orderOf(order ?? { by: 'createdAt', direction: 'desc' }),
          key: `sorted:${key}`,
        },
      ]);
    const found = order
      ? await sorted(searchRepo.searchCondition(term), lowered)
      : await run(searchRepo.substringSearch(term));
    if (found.rowCount > 0 || term.length < 3) return found;
    // Only a term that matches nothing is looked up among the words (most terms here are several
    // words typed, which find something).
    const words = await searchRepo.similarWords(db, term, SIMILAR_WORDS);
    if (words.length === 0) return found;
    return order
      ? sorted(searchRepo.similarWordsCondition(words), `words:${words.join(' ')}`)
      : run(searchRepo.similarWordsSearch(words));
  }

  return searchProducts;
}
