import {
  defaultPagination,
  type Pagination,
  type Product,
  type ProductListQuery,
} from '@pharmacy/shared';
import { and } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loadThrough } from '../../lib/cache';
import { createProductSearch } from './catalog-search';
import type { ListingCaches } from './listing-caches';
import type { ProductAnswer } from './product-answer';
import * as listingRepo from './product-listing.repository';

/** Deep pages seek from the anchor of every this many rows (product-listing.repository pageAnchors). */
const ANCHOR_SPACING = 1_000;

/** A positive id filters; -1 and the other sentinels of spec §9 mean no filter. */
const asFilter = (id: number | undefined) => (id !== undefined && id > 0 ? id : undefined);

/** GET /product/all: the shop listing, browsed or searched, with its pagination. */
export function createProductListing(
  db: Database,
  caches: ListingCaches,
  asProduct: ProductAnswer,
) {
  const { counts, anchors } = caches;
  const searchProducts = createProductSearch(db, caches);

  /** The shop listing without a search: a cached count, and deep pages seek from an anchor. */
  async function browseProducts(
    filter: listingRepo.ProductFilter,
    order: listingRepo.ProductOrder,
    offset: number,
    limit: number,
  ) {
    const where = listingRepo.filterCondition(filter);
    const filterKey = JSON.stringify(filter);
    const page = async () => {
      const index = Math.floor(offset / ANCHOR_SPACING);
      const list =
        index > 0
          ? await loadThrough(anchors, `${filterKey}|${order.by}|${order.direction}`, () =>
              listingRepo.pageAnchors(db, where, order, ANCHOR_SPACING),
            )
          : [];
      const usable = Math.min(index, list.length);
      const anchor = list[usable - 1];
      return listingRepo.listPage(db, {
        where: anchor ? and(where, listingRepo.afterAnchor(order, anchor)) : where,
        order: listingRepo.orderOf(order),
        limit,
        offset: anchor ? offset - usable * ANCHOR_SPACING : offset,
      });
    };
    const [rows, rowCount] = await Promise.all([
      page(),
      loadThrough(counts, filterKey, () => listingRepo.countProducts(db, where)),
    ]);
    return { rows, rowCount };
  }

  return {
    async listProducts(
      query: ProductListQuery,
      isAdmin: boolean,
    ): Promise<{ productList: Product[]; pagination: Pagination }> {
      const search = query.search?.trim() || undefined;
      const filter: listingRepo.ProductFilter = {
        includeInactive: isAdmin && query.includeInactive === 'true',
        divisionId: asFilter(query.divisionId),
        manufacturerId: asFilter(query.manufacturerId),
        saltCompositionId: asFilter(query.salCompositionId ?? query.saltCompositionId),
        prescription: query.prescription === undefined ? undefined : query.prescription === 'true',
      };
      const order: listingRepo.ProductOrder | undefined =
        query.orderBy === 'createdAt' || query.orderBy === 'offerPrice'
          ? { by: query.orderBy, direction: query.orderType ?? 'desc' }
          : undefined;
      const offset = (query.page - 1) * query.limit;
      const { rows, rowCount } = search
        ? await searchProducts(filter, search, order, offset, query.limit)
        : await browseProducts(
            filter,
            order ?? { by: 'createdAt', direction: query.orderType ?? 'desc' },
            offset,
            query.limit,
          );
      return {
        productList: rows.map((row) => asProduct(row)),
        pagination: {
          ...defaultPagination,
          page: query.page,
          pageSize: query.limit,
          rowCount,
          pageCount: Math.ceil(rowCount / query.limit),
        },
      };
    },
  };
}
