import {
  CATALOG_IMAGE_TYPES,
  MESSAGES,
  defaultPagination,
  discountPercent,
  emptyListText,
  fromMinorUnits,
  toMinorUnits,
  type CatalogEntry,
  type Division,
  type DrugSchedule,
  type Pagination,
  type Product,
  type ProductCreateInput,
  type ProductFormInput,
  type ProductListQuery,
} from '@pharmacy/shared';
import { and, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { createChangeCounter, createTtlCache, loadThrough } from '../../lib/cache';
import { checkFileContent } from '../../lib/file-type';
import {
  imageFiles,
  resizeImage,
  toCatalogImage,
  type ResizedImage,
  type StoredImage,
} from '../../lib/image-variants';
import { cleanUploadName, type UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage/index';
import type { ScheduleRegistry } from '../compliance/schedules';
import { recordAudit } from '../audit/audit.service';
import type { InventoryService } from '../inventory/inventory.service';
import * as productsRepo from './products.repository';
import * as taxonomyRepo from './taxonomy.repository';
import type { TaxonomyKind } from './taxonomy.repository';

export const PRODUCT_NOT_FOUND = 'No product found.';
const LABELS: Record<TaxonomyKind, { one: string; list: string }> = {
  division: { one: 'division', list: 'Divisions' },
  manufacturer: { one: 'manufacturer', list: 'Manufacturers' },
  saltComposition: { one: 'salt composition', list: 'Salt Compositions' },
};

function toProduct(
  row: productsRepo.ProductRow,
  schedule: DrugSchedule,
  images?: StoredImage[],
): Product {
  return {
    id: row.id,
    name: row.name,
    offerPrice: fromMinorUnits(row.offerPriceMinor),
    maximumRetailPrice: fromMinorUnits(row.maximumRetailPriceMinor),
    quantity: row.quantity,
    prescription: row.prescription,
    schedule,
    maxUnitsPerOrder: row.maxUnitsPerOrder,
    isActive: row.isActive,
    images: (images ?? (row.firstImage ? [row.firstImage] : [])).map(toCatalogImage),
    divisionId: row.divisionId,
    manufacturerId: row.manufacturerId,
    saltCompositionId: row.saltCompositionId,
    division: { id: row.divisionId, name: row.divisionName },
    manufacturer: { id: row.manufacturerId, name: row.manufacturerName },
    saltComposition:
      row.saltCompositionId !== null && row.saltCompositionName !== null
        ? { id: row.saltCompositionId, name: row.saltCompositionName }
        : null,
    dosageForm: row.dosageForm,
    strength: row.strength,
    packSize: row.packSize,
    description: row.description,
    hsnCode: row.hsnCode,
    gstRate: row.gstRate,
    returnable: row.returnable,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A positive id filters; -1 and the other sentinels of spec §9 mean no filter. */
const asFilter = (id: number | undefined) => (id !== undefined && id > 0 ? id : undefined);

/**
 * Checks every upload by its bytes and its header; only raster images of a sane size are
 * accepted for the catalogue (OWASP ASVS 5.2). The name is only checked: storage names its files.
 */
function validateImages(files: UploadedFile[]) {
  return files.map((file) => {
    const label = file.filename || 'The file';
    if (file.filename && !cleanUploadName(file.filename))
      throw new BadRequestError(
        `image: The file name “${file.filename.slice(0, 60)}” is not valid.`,
      );
    const checked = checkFileContent(file.content);
    const type = checked.ok ? checked.type : undefined;
    if (
      (!checked.ok && checked.reason === 'unknown') ||
      (type && !(CATALOG_IMAGE_TYPES as readonly string[]).includes(type.mime))
    ) {
      throw new BadRequestError(`image: ${label} is not a JPEG, PNG, GIF or WebP image.`);
    }
    if (!checked.ok) throw new BadRequestError(`image: ${checked.message} (${label})`);
    return { file, ext: checked.type.ext, size: checked.size };
  });
}

/** Deep pages seek from the anchor of every this many rows (products.repository pageAnchors). */
const ANCHOR_SPACING = 1_000;
/** A misspelt term looks for products holding any of its closest words. */
const SIMILAR_WORDS = 3;

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

export function createCatalogService(
  db: Database,
  storage: FileStorage,
  options: CatalogServiceOptions,
) {
  const { schedules } = options;
  const asProduct = (row: productsRepo.ProductRow, images?: StoredImage[]) =>
    toProduct(row, schedules.get(row.scheduleCode, row.prescription), images);

  /**
   * Checks every file first (magic bytes, header, pixel limit: nothing is decoded before that),
   * then stores each original with its WebP variants. An image sharp cannot decode (BMP, which the
   * bundled libvips does not read, or pixel data damaged behind a sound header) is kept as
   * uploaded with its header's size, as every image was before variants existed.
   */
  async function storeImages(folder: string, files: UploadedFile[]): Promise<StoredImage[]> {
    const checked = validateImages(files);
    const stored: StoredImage[] = [];
    try {
      for (const { file, ext, size } of checked) {
        let resized: ResizedImage | undefined;
        if (size) resized = await resizeImage(file.content, size).catch(() => undefined);
        const url = await storage.savePublic(folder, ext, file.content);
        const image: StoredImage = {
          url,
          width: resized?.width ?? size?.width ?? null,
          height: resized?.height ?? size?.height ?? null,
          variantWidths: null,
        };
        stored.push(image);
        if (resized?.variants.length) {
          for (const variant of resized.variants) {
            const variantWidths = [...(image.variantWidths ?? []), variant.width];
            await storage.savePublicAt(
              imageFiles({ url, variantWidths }).at(-1) as string,
              variant.content,
            );
            // Recorded as each is written, so a failure part-way removes exactly what exists.
            image.variantWidths = variantWidths;
          }
        }
      }
    } catch (error) {
      await discard(stored);
      throw error;
    }
    return stored;
  }

  async function discard(images: Array<Pick<StoredImage, 'url' | 'variantWidths'>>) {
    await Promise.all(images.flatMap(imageFiles).map((url) => storage.removePublic(url)));
  }

  /**
   * A chosen schedule sets the prescription flag; a form that gives only the flag (the spec's)
   * leaves the schedule to the database, which moves it to the first schedule agreeing with it.
   */
  function toWrite(input: ProductFormInput): productsRepo.ProductWrite {
    let schedule: { scheduleCode: string; prescription: boolean } | undefined;
    if (input.scheduleCode !== undefined) {
      if (!schedules.has(input.scheduleCode))
        throw new BadRequestError('scheduleCode: Please choose a schedule from the list.');
      const chosen = schedules.get(input.scheduleCode);
      schedule = { scheduleCode: chosen.code, prescription: chosen.requiresPrescription };
    }
    return {
      ...(input.maxUnitsPerOrder !== undefined ? { maxUnitsPerOrder: input.maxUnitsPerOrder } : {}),
      name: input.name,
      offerPriceMinor: toMinorUnits(input.offerPrice),
      maximumRetailPriceMinor: toMinorUnits(input.maximumRetailPrice),
      prescription: input.prescription,
      isActive: input.isActive,
      divisionId: input.divisionId,
      manufacturerId: input.manufacturerId,
      saltCompositionId: input.saltCompositionId,
      dosageForm: input.dosageForm,
      strength: input.strength,
      packSize: input.packSize,
      description: input.description,
      ...(input.hsnCode !== undefined ? { hsnCode: input.hsnCode } : {}),
      ...(input.gstRate !== undefined ? { gstRate: input.gstRate } : {}),
      ...(input.returnable !== undefined ? { returnable: input.returnable } : {}),
      ...schedule,
    };
  }

  async function assertReferencesExist(input: ProductFormInput) {
    const checks: Array<[TaxonomyKind, number, string]> = [
      ['division', input.divisionId, 'divisionId: Division is required'],
      ['manufacturer', input.manufacturerId, 'manufacturerId: Manufacturer is required'],
      [
        'saltComposition',
        input.saltCompositionId,
        'saltCompositionId: Salt Composition is required',
      ],
    ];
    for (const [kind, id, message] of checks) {
      if (!(await taxonomyRepo.findEntry(db, kind, id))) throw new BadRequestError(message);
    }
  }

  /**
   * Listing counts and deep-page anchors are reused for a few seconds (options.cacheTtlMs), and
   * forgotten as soon as this instance changes a product or a catalogue entry.
   */
  const listingChanges = createChangeCounter();
  const counts = createTtlCache<Promise<number>>({
    ttlMs: options.cacheTtlMs ?? 0,
    maxEntries: 500,
    version: () => listingChanges.value,
  });
  const searchCounts = createTtlCache<Promise<number[]>>({
    ttlMs: options.cacheTtlMs ?? 0,
    maxEntries: 2_000,
    version: () => listingChanges.value,
  });
  const anchors = createTtlCache<Promise<productsRepo.PageAnchor[]>>({
    ttlMs: options.cacheTtlMs ?? 0,
    maxEntries: 50,
    version: () => listingChanges.value,
  });
  /** Products or entries changed: cached listings and answers are out of date. */
  const catalogueChanged = () => {
    listingChanges.bump();
    options.onChange?.();
  };

  /** The shop listing without a search: a cached count, and deep pages seek from an anchor. */
  async function browseProducts(
    filter: productsRepo.ProductFilter,
    order: productsRepo.ProductOrder,
    offset: number,
    limit: number,
  ) {
    const where = productsRepo.filterCondition(filter);
    const filterKey = JSON.stringify(filter);
    const page = async () => {
      const index = Math.floor(offset / ANCHOR_SPACING);
      const list =
        index > 0
          ? await loadThrough(anchors, `${filterKey}|${order.by}|${order.direction}`, () =>
              productsRepo.pageAnchors(db, where, order, ANCHOR_SPACING),
            )
          : [];
      const usable = Math.min(index, list.length);
      const anchor = list[usable - 1];
      return productsRepo.listPage(db, {
        where: anchor ? and(where, productsRepo.afterAnchor(order, anchor)) : where,
        order: productsRepo.orderOf(order),
        limit,
        offset: anchor ? offset - usable * ANCHOR_SPACING : offset,
      });
    };
    const [rows, rowCount] = await Promise.all([
      page(),
      loadThrough(counts, filterKey, () => productsRepo.countProducts(db, where)),
    ]);
    return { rows, rowCount };
  }

  /**
   * The rows of `offset`…`offset + limit` of groups ranked one after another, given each group's
   * count (a group whose rows all come before the page is not read).
   */
  async function readTiers(
    base: SQL | undefined,
    tiers: productsRepo.SearchTier[],
    counted: Promise<number>[],
    offset: number,
    limit: number,
  ) {
    const rows: productsRepo.ListedRow[] = [];
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
      const page = await productsRepo.listPage(db, {
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
    order: productsRepo.ProductOrder | undefined,
    offset: number,
    limit: number,
  ) {
    const named = productsRepo.namedTier(lowered);
    // Names starting with the term lead a relevance ranking; their page is read alongside.
    const firstPage =
      order || offset > 0 ? undefined : productsRepo.listPage(db, { ...named, limit, offset });
    firstPage?.catch(() => {});
    const stats = await productsRepo.termStats(db, lowered, SIMILAR_WORDS);
    const active = productsRepo.filterCondition({ includeInactive: false });
    if (stats.words > 0) {
      // One word: its count is the answer. Several words may share a product ('tablet' and
      // 'tablets'), so they are counted over the products, and that count is reused.
      const total =
        stats.words === 1
          ? stats.products
          : await loadThrough(counts, `search|contains:${lowered}`, () =>
              productsRepo.countProducts(db, and(active, productsRepo.searchCondition(lowered))),
            );
      if (order) {
        const rows = await productsRepo.listPage(db, {
          where: and(active, productsRepo.searchCondition(lowered)),
          order: productsRepo.orderOf(order),
          limit,
          offset,
        });
        return { rows, rowCount: total };
      }
      const rows = firstPage
        ? await firstPage
        : offset < stats.named
          ? await productsRepo.listPage(db, { ...named, limit, offset })
          : [];
      const others = Math.max(0, total - stats.named);
      if (rows.length < limit && others > 0) {
        const skip = Math.max(0, offset - stats.named);
        const need = limit - rows.length;
        const rest = productsRepo.containingTier(
          lowered,
          productsRepo.walkNewestFirst(others, skip + need, stats.catalogue),
        );
        rows.push(...(await productsRepo.listPage(db, { ...rest, limit: need, offset: skip })));
      }
      return { rows, rowCount: total };
    }
    const words = stats.similar.map((similar) => similar.word);
    if (words.length === 0) return { rows: [], rowCount: 0 };
    const [closest] = stats.similar;
    if (order) {
      const where = and(active, productsRepo.similarWordsCondition(words));
      const [rows, rowCount] = await Promise.all([
        productsRepo.listPage(db, { where, order: productsRepo.orderOf(order), limit, offset }),
        words.length === 1 && closest
          ? closest.products
          : loadThrough(counts, `search|words:${words.join(' ')}`, () =>
              productsRepo.countProducts(db, where),
            ),
      ]);
      return { rows, rowCount };
    }
    // The closest word's products are counted by the vocabulary; the next words' (without those
    // of the words before them) over their own, usually few, products.
    const tiers = productsRepo.similarWordsSearch(
      words,
      productsRepo.walkNewestFirst(closest?.products ?? 0, offset + limit, stats.catalogue),
    );
    const later = tiers.slice(1);
    const laterCounts =
      later.length === 0
        ? Promise.resolve([])
        : loadThrough(searchCounts, `active|${later.map((tier) => tier.key).join('|')}`, () =>
            productsRepo.countEach(
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
    filter: productsRepo.ProductFilter,
    term: string,
    order: productsRepo.ProductOrder | undefined,
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
    if (unfiltered && productsRepo.VOCABULARY_TERM.test(lowered))
      return vocabularySearch(lowered, order, offset, limit);
    const base = productsRepo.filterCondition(filter);
    const filterKey = JSON.stringify(filter);
    const run = async (tiers: productsRepo.SearchTier[]) => {
      const countsKey = `${filterKey}|${tiers.map((tier) => tier.key).join('|')}`;
      const allCounts = loadThrough(searchCounts, countsKey, () =>
        productsRepo.countEach(
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
          order: productsRepo.orderOf(order ?? { by: 'createdAt', direction: 'desc' }),
          key: `sorted:${key}`,
        },
      ]);
    const found = order
      ? await sorted(productsRepo.searchCondition(term), lowered)
      : await run(productsRepo.substringSearch(term));
    if (found.rowCount > 0 || term.length < 3) return found;
    // Only a term that matches nothing is looked up among the words (most terms here are several
    // words typed, which find something).
    const words = await productsRepo.similarWords(db, term, SIMILAR_WORDS);
    if (words.length === 0) return found;
    return order
      ? sorted(productsRepo.similarWordsCondition(words), `words:${words.join(' ')}`)
      : run(productsRepo.similarWordsSearch(words));
  }

  return {
    async listProducts(
      query: ProductListQuery,
      isAdmin: boolean,
    ): Promise<{ productList: Product[]; pagination: Pagination }> {
      const search = query.search?.trim() || undefined;
      const filter: productsRepo.ProductFilter = {
        includeInactive: isAdmin && query.includeInactive === 'true',
        divisionId: asFilter(query.divisionId),
        manufacturerId: asFilter(query.manufacturerId),
        saltCompositionId: asFilter(query.salCompositionId ?? query.saltCompositionId),
        prescription: query.prescription === undefined ? undefined : query.prescription === 'true',
      };
      const order: productsRepo.ProductOrder | undefined =
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

    /** Inactive products are hidden from shoppers (DECISIONS) and shown to admins. */
    async getProduct(productId: number, isAdmin: boolean): Promise<Product> {
      const row = await productsRepo.findProduct(db, productId);
      if (!row || (!row.isActive && !isAdmin)) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return asProduct(row, await productsRepo.listImages(db, productId));
    },

    /** Other active products with the same salt, cheapest first, with how much cheaper each is. */
    async substitutes(productId: number) {
      const row = await productsRepo.findProduct(db, productId);
      if (!row || !row.isActive) throw new NotFoundError(PRODUCT_NOT_FOUND);
      if (row.saltCompositionId === null) return { substitutes: [] };
      const rows = await productsRepo.listSubstitutes(
        db,
        { id: row.id, saltCompositionId: row.saltCompositionId },
        12,
      );
      return {
        substitutes: rows.map((sub) => ({
          ...asProduct(sub),
          savingsPerUnit: fromMinorUnits(row.offerPriceMinor - sub.offerPriceMinor),
          savingsPercent: discountPercent(
            fromMinorUnits(row.offerPriceMinor),
            fromMinorUnits(sub.offerPriceMinor),
          ),
        })),
      };
    },

    /** DECISIONS: ranked by units sold in orders that are not cancelled; newest first before any sale. */
    async topSelling(limit: number): Promise<{ productList: Product[] }> {
      return {
        productList: (await productsRepo.listTopSelling(db, limit)).map((row) => asProduct(row)),
      };
    },

    /** The quantity arrives as the product's first batch, with its number and expiry date. */
    async createProduct(
      input: ProductCreateInput,
      files: UploadedFile[],
      byUserId: number,
    ): Promise<{ id: number; message: string }> {
      await assertReferencesExist(input);
      const images = await storeImages('products', files);
      try {
        const id = await db.transaction(async (tx) => {
          const productId = await productsRepo.insertProduct(tx, toWrite(input));
          await productsRepo.insertImages(tx, productId, images, 0);
          const { quantity, batchNumber, expiryDate, supplier, invoiceReference, purchasePrice } =
            input;
          await options.openingStock(
            tx,
            productId,
            quantity,
            { batchNumber, expiryDate, supplier, invoiceReference, purchasePrice },
            byUserId,
          );
          return productId;
        });
        catalogueChanged();
        return { id, message: MESSAGES.productCreated };
      } catch (error) {
        await discard(images);
        throw error;
      }
    },

    /**
     * New images are added after the kept ones; `keepImageUrls`, when sent, lists the ones to keep.
     * A change of the offer price or MRP is written to the audit chain in the same transaction.
     */
    async updateProduct(
      productId: number,
      input: ProductFormInput,
      files: UploadedFile[],
      keepImageUrls: string[] | undefined,
      byUserId: number | null = null,
    ): Promise<{ id: number; message: string }> {
      await assertReferencesExist(input);
      const existing = await productsRepo.listImages(db, productId);
      const removed = keepImageUrls
        ? existing.filter((image) => !keepImageUrls.includes(image.url))
        : [];
      const images = await storeImages('products', files);
      try {
        await db.transaction(async (tx) => {
          const before = await productsRepo.lockPrices(tx, productId);
          const values = toWrite(input);
          if (!before || !(await productsRepo.updateProduct(tx, productId, values)))
            throw new NotFoundError(PRODUCT_NOT_FOUND);
          await productsRepo.deleteImages(
            tx,
            removed.map((image) => image.id),
          );
          await productsRepo.insertImages(tx, productId, images, existing.length);
          if (!before.isActive && values.isActive) await options.onPublished?.(tx, [productId]);
          if (
            before.offerPriceMinor !== values.offerPriceMinor ||
            before.maximumRetailPriceMinor !== values.maximumRetailPriceMinor
          )
            await recordAudit(tx, {
              actorUserId: byUserId,
              action: 'product.price_changed',
              entityType: 'product',
              entityId: productId,
              details: {
                name: values.name,
                offerPriceMinor: { from: before.offerPriceMinor, to: values.offerPriceMinor },
                maximumRetailPriceMinor: {
                  from: before.maximumRetailPriceMinor,
                  to: values.maximumRetailPriceMinor,
                },
              },
            });
        });
      } catch (error) {
        await discard(images);
        throw error;
      }
      catalogueChanged();
      await discard(removed);
      return { id: productId, message: MESSAGES.productUpdated };
    },

    /** Orders keep their own copy of name and price, so a deleted product shows 'Not Available' there. */
    async deleteProduct(productId: number): Promise<{ message: string }> {
      const images = await productsRepo.listImages(db, productId);
      let deleted: boolean;
      try {
        deleted = await productsRepo.deleteProduct(db, productId);
      } catch (error) {
        // Register rows (issue 16) name the product and must be kept: deactivate it instead.
        if (isForeignKeyViolation(error))
          throw new ConflictError(
            'This product is in the dispensing register and cannot be deleted. Mark it inactive instead.',
          );
        throw error;
      }
      if (!deleted) throw new NotFoundError(PRODUCT_NOT_FOUND);
      catalogueChanged();
      await discard(images);
      return { message: MESSAGES.productDeleted };
    },

    /** Products for other modules (cart lines), inactive ones included so a line can say so. */
    async productsByIds(productIds: number[], tx: DbOrTx = db): Promise<Map<number, Product>> {
      const rows = await productsRepo.findProductsByIds(tx, [...new Set(productIds)]);
      return new Map(rows.map((row) => [row.id, asProduct(row)]));
    },

    /** Another server instance changed the catalogue (lib/change-feed.ts): recount listings. */
    forgetCachedListings(): void {
      listingChanges.bump();
    },

    /** Products were written in bulk (the catalogue CSV import): forget cached listings once. */
    productsImported(): void {
      catalogueChanged();
    },

    /** Stock was taken by an order written elsewhere (orders placeFromCart): listings show it. */
    stockChanged(): void {
      options.onChange?.();
    },

    async listDivisions(options: { limit?: number; search?: string }): Promise<Division[]> {
      const rows = await taxonomyRepo.listEntries(db, 'division', options);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        images: row.image ? toCatalogImage(row.image) : null,
        productCount: row.productCount,
      }));
    },

    async listEntries(
      kind: 'manufacturer' | 'saltComposition',
      options: { limit?: number; search?: string },
    ): Promise<CatalogEntry[]> {
      const rows = await taxonomyRepo.listEntries(db, kind, options);
      return rows.map((row) => ({ id: row.id, name: row.name, productCount: row.productCount }));
    },

    async createEntry(
      kind: TaxonomyKind,
      name: string,
      image?: UploadedFile,
    ): Promise<{ id: number; name: string; message: string }> {
      if (kind === 'division' && !image) throw new BadRequestError(MESSAGES.uploadImageRequired);
      const [stored] = image ? await storeImages('divisions', [image]) : [];
      try {
        const id = await taxonomyRepo.insertEntry(db, kind, name, stored);
        catalogueChanged();
        return { id, name, message: `${capitalise(LABELS[kind].one)} created successfully` };
      } catch (error) {
        if (stored) await discard([stored]);
        if (isUniqueViolation(error))
          throw new ConflictError(`A ${LABELS[kind].one} with this name already exists.`);
        throw error;
      }
    },

    async updateEntry(
      kind: TaxonomyKind,
      id: number,
      name: string,
      image?: UploadedFile,
    ): Promise<{ id: number; name: string; message: string }> {
      const current = await taxonomyRepo.findEntry(db, kind, id);
      if (!current) throw new NotFoundError(emptyListText(LABELS[kind].one));
      const [stored] = image ? await storeImages('divisions', [image]) : [];
      try {
        await db.transaction(async (tx) => {
          await taxonomyRepo.updateEntry(tx, kind, id, name, stored);
          await taxonomyRepo.refreshSearchText(tx, kind, id);
        });
      } catch (error) {
        if (stored) await discard([stored]);
        if (isUniqueViolation(error))
          throw new ConflictError(`A ${LABELS[kind].one} with this name already exists.`);
        throw error;
      }
      catalogueChanged();
      if (stored && current.image) await discard([current.image]);
      return { id, name, message: `${capitalise(LABELS[kind].one)} updated successfully` };
    },

    /** DECISIONS: an entry that products still use cannot be deleted (409 naming how many). */
    async deleteEntry(kind: TaxonomyKind, id: number): Promise<{ message: string }> {
      const current = await taxonomyRepo.findEntry(db, kind, id);
      if (!current) throw new NotFoundError(emptyListText(LABELS[kind].one));
      const used = await taxonomyRepo.countProductsUsing(db, kind, id);
      if (used > 0) {
        throw new ConflictError(
          `This ${LABELS[kind].one} is used by ${used} ${used === 1 ? 'product' : 'products'} and cannot be deleted.`,
        );
      }
      try {
        await taxonomyRepo.deleteEntry(db, kind, id);
        catalogueChanged();
      } catch (error) {
        if (isForeignKeyViolation(error))
          throw new ConflictError(`This ${LABELS[kind].one} is in use and cannot be deleted.`);
        throw error;
      }
      if (current.image) await discard([current.image]);
      return {
        message:
          kind === 'division'
            ? MESSAGES.divisionDeleted
            : `${capitalise(LABELS[kind].one)} deleted successfully`,
      };
    },
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type CatalogService = ReturnType<typeof createCatalogService>;
