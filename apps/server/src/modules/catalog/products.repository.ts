import { and, asc, count, desc, eq, inArray, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/errors';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
  searchWords,
} from '../../db/schema/index';
import type { StoredImage } from '../../lib/image-variants';

/**
 * The first image with its size and variants in one correlated subquery (one index probe per
 * listed product, as when only the URL was read), as a JSON array: [url, width, height, widths].
 */
const firstImage =
  sql`(select json_build_array(${productImages.url}, ${productImages.width}, ${productImages.height}, ${productImages.variantWidths}) from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`.mapWith(
    parseFirstImage,
  );

const positiveInt = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** node-postgres and PGlite both parse json already; a string is parsed here in case one does not. */
function parseFirstImage(value: unknown): StoredImage | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') return null;
  const widths: unknown = parsed[3];
  return {
    url: parsed[0],
    width: positiveInt(parsed[1]),
    height: positiveInt(parsed[2]),
    variantWidths: Array.isArray(widths)
      ? widths.map(positiveInt).filter((width): width is number => width !== null)
      : null,
  };
}

/** The columns every product answer needs, joined with the names of its division, maker and salt. */
const productColumns = {
  id: products.id,
  name: products.name,
  offerPriceMinor: products.offerPriceMinor,
  maximumRetailPriceMinor: products.maximumRetailPriceMinor,
  quantity: products.quantity,
  prescription: products.prescription,
  scheduleCode: products.scheduleCode,
  maxUnitsPerOrder: products.maxUnitsPerOrder,
  isActive: products.isActive,
  divisionId: products.divisionId,
  divisionName: divisions.name,
  manufacturerId: products.manufacturerId,
  manufacturerName: manufacturers.name,
  saltCompositionId: products.saltCompositionId,
  saltCompositionName: saltCompositions.name,
  dosageForm: products.dosageForm,
  strength: products.strength,
  packSize: products.packSize,
  description: products.description,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  returnable: products.returnable,
  createdAt: products.createdAt,
  firstImage,
};

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

function selectProducts(db: DbOrTx) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(divisions, eq(divisions.id, products.divisionId))
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .leftJoin(saltCompositions, eq(saltCompositions.id, products.saltCompositionId));
}

export interface ProductFilter {
  includeInactive: boolean;
  divisionId?: number;
  manufacturerId?: number;
  saltCompositionId?: number;
  prescription?: boolean;
}

export type ProductOrder = { by: 'createdAt' | 'offerPrice'; direction: 'asc' | 'desc' };

/**
 * One group of a search's results, in rank order: its rows come after every row of the groups
 * before it, sorted by `order` among themselves. `key` names the condition, so that its count
 * can be reused.
 */
export interface SearchTier {
  where: SQL;
  order: SQL[];
  key: string;
  /** Read by walking the primary key newest first (listPage `walk`). */
  walk?: boolean;
}

/**
 * A term of one or two letters has no trigram: it matches names that start with it, in
 * alphabetical order (the products_name_prefix_idx range).
 */
const SHORT_TERM = 3;
/** Words kept for a misspelt term: those within this share of the closest word's similarity. */
const CLOSE_TO_BEST = 0.85;

const lowerName = sql`lower(${products.name}) COLLATE "C"`;
const contains = (lowered: string) =>
  sql`${products.searchText} like ${`%${escapeLike(lowered)}%`}`;

/** Every product the term matches (name, salt or manufacturer), for a search with a chosen sort. */
export function searchCondition(term: string): SQL {
  const lowered = term.toLowerCase();
  return lowered.length < SHORT_TERM
    ? sql`${lowerName} like ${`${escapeLike(lowered)}%`}`
    : contains(lowered);
}

/**
 * Names starting with a term, alphabetically (lower(name) in byte order, so 'vexo 40' comes before
 * 'vexotrin': the whole term as a word first), newest first among equal names. This is the order
 * of products_name_prefix_idx, so a page stops after its rows however many names match.
 */
const nameOrder = [asc(lowerName), desc(products.id)];

/**
 * Search over name, salt and manufacturer (products.search_text, kept by a trigger), by
 * relevance: names starting with the term, through the name index; then every other product
 * containing it, through the trigram index, newest first. Each group is read in its index order
 * and stops at the page, so a term matching 50,000 products costs no more than one matching 50
 * (word_similarity() on every match cost ~10 µs a row before, see docs/performance.md).
 */
export function substringSearch(term: string): SearchTier[] {
  const lowered = term.toLowerCase();
  const namePrefix = sql`${lowerName} like ${`${escapeLike(lowered)}%`}`;
  if (lowered.length < SHORT_TERM) {
    return [{ where: namePrefix, order: nameOrder, key: `name:${lowered}` }];
  }
  return [
    { where: namePrefix, order: nameOrder, key: `name:${lowered}` },
    {
      where: and(contains(lowered), not(namePrefix)) as SQL,
      order: [desc(products.id)],
      key: `other:${lowered}`,
    },
  ];
}

/**
 * Products whose search text has this word as a whole word: the LIKE finds the candidates through
 * the trigram index, the regular expression (on an expression the index does not cover, so it is
 * a filter only: as an index condition it cost more than the rest of the query) keeps the whole
 * words. Words come from search_words, letters and digits only, so nothing in them is special to
 * a regular expression.
 */
export const holdsWord = (word: string) =>
  sql`(${contains(word)} and (${products.searchText} || '') ~ ${`(^|[^[:alnum:]])${word}([^[:alnum:]]|$)`})`;

/**
 * A misspelt term: the products holding the closest catalogue word first, then the next one.
 * `walkFirst`: the first group is read walking the primary key (walkNewestFirst).
 */
export function similarWordsSearch(words: string[], walkFirst = false): SearchTier[] {
  return words.map((word, i) => ({
    where: and(
      holdsWord(word),
      ...words.slice(0, i).map((before) => not(holdsWord(before))),
    ) as SQL,
    order: [desc(products.id)],
    key: `words:${words.slice(0, i + 1).join(' ')}`,
    walk: i === 0 && walkFirst,
  }));
}

/** Any of the words, for a misspelt term with a chosen sort. */
export function similarWordsCondition(words: string[]): SQL {
  return or(...words.map((word) => holdsWord(word))) as SQL;
}

/** A catalogue word close to a misspelt term, with the active products holding it. */
export interface SimilarWord {
  word: string;
  score: number;
  products: number;
}

const similarWordsQuery = (lowered: string, limit: number, activeOnly: boolean) => {
  const similarity = sql`similarity(${searchWords.word}, ${lowered})`;
  return sql`select ${searchWords.word} as word, ${similarity}::float8 as score, ${searchWords.products} as products
    from ${searchWords}
    where ${searchWords.word} % ${lowered} ${activeOnly ? sql`and ${searchWords.products} > 0` : sql``}
    order by ${similarity} desc, ${searchWords.word} limit ${limit}`;
};

/** Only words about as close as the best are kept: 'tablte' means tablet, not every word with 'ta'. */
function closeToBest(rows: SimilarWord[]): SimilarWord[] {
  const best = rows[0]?.score ?? 0;
  return rows.filter((row) => row.score >= best * CLOSE_TO_BEST);
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * The words of the catalogue (search_words) closest to a term by trigram similarity, best first:
 * 'paracetmol' → 'paracetamol'. A few thousand words, so this is quick whatever the term.
 */
export async function similarWords(db: DbOrTx, term: string, limit: number): Promise<string[]> {
  const rows = rowsOf<SimilarWord>(
    await db.execute(similarWordsQuery(term.toLowerCase(), limit, false)),
  );
  return closeToBest(rows.map(toSimilarWord)).map((row) => row.word);
}

const toSimilarWord = (row: SimilarWord): SimilarWord => ({
  word: String(row.word),
  score: Number(row.score),
  products: Number(row.products),
});

/**
 * A term the vocabulary can count: lower-case letters and digits only, 3 or more. Such a term
 * lies inside one word of a search text, so the products containing it are those holding one of
 * the words that contain it.
 */
export const VOCABULARY_TERM = /^[a-z0-9]{3,}$/;

/** Names in [term, next) in byte order are exactly those starting with a VOCABULARY_TERM. */
function nameRange(lowered: string): SQL {
  const next =
    lowered.slice(0, -1) + String.fromCharCode(lowered.charCodeAt(lowered.length - 1) + 1);
  return sql`(${lowerName} >= ${lowered} and ${lowerName} < ${next})`;
}

export interface TermStats {
  /** Words of the catalogue containing the term (held by an active product). */
  words: number;
  /** Active products holding each of those words, summed: exact when `words` is 1. */
  products: number;
  /** Active products whose name starts with the term. */
  named: number;
  /** When no word contains the term: the closest words, as similarWords. */
  similar: SimilarWord[];
  /** The planner's estimate of the rows in products (0 before it was ever analysed). */
  catalogue: number;
}

/**
 * Everything a shopper's search for a VOCABULARY_TERM needs to know before reading rows, in one
 * statement: how many words contain it and their products, how many names start with it (a range
 * of products_name_prefix_idx), and, only when no word contains it, the closest words.
 */
export async function termStats(
  db: DbOrTx,
  lowered: string,
  similarLimit: number,
): Promise<TermStats> {
  const pattern = `%${lowered}%`;
  const [row] = rowsOf<{
    words: number;
    products: number;
    named: number;
    similar: unknown;
    catalogue: number;
  }>(
    await db.execute(sql`with containing as materialized (
        select ${searchWords.products} as products from ${searchWords}
        where ${searchWords.word} like ${pattern} and ${searchWords.products} > 0)
      select
        (select count(*)::int from containing) as words,
        (select coalesce(sum(products), 0)::int from containing) as products,
        (select count(*)::int from ${products} where ${nameRange(lowered)} and ${products.isActive}) as named,
        (select greatest(reltuples, 0)::float8 from pg_class where oid = 'products'::regclass) as catalogue,
        case when not exists (select 1 from containing)
          then (select json_agg(s) from (${similarWordsQuery(lowered, similarLimit, true)}) as s) end as similar`),
  );
  const similar = typeof row?.similar === 'string' ? JSON.parse(row.similar) : row?.similar;
  return {
    words: Number(row?.words ?? 0),
    products: Number(row?.products ?? 0),
    named: Number(row?.named ?? 0),
    catalogue: Number(row?.catalogue ?? 0),
    similar: closeToBest(((similar ?? []) as SimilarWord[]).map(toSimilarWord)),
  };
}

/** Active products whose name starts with a VOCABULARY_TERM, in nameOrder. */
export const namedTier = (lowered: string): SearchTier => ({
  where: and(nameRange(lowered), eq(products.isActive, true)) as SQL,
  order: nameOrder,
  key: `name:${lowered}`,
});

/** The other active products containing a VOCABULARY_TERM (`walk`: see walkNewestFirst). */
export const containingTier = (lowered: string, walk: boolean): SearchTier => ({
  where: and(contains(lowered), not(nameRange(lowered)), eq(products.isActive, true)) as SQL,
  order: [desc(products.id)],
  key: `other:${lowered}`,
  walk,
});

/**
 * Whether a group read newest first, whose matches are counted, is better read by walking the
 * primary key backwards, testing each row (expected rows walked: rowsNeeded × catalogue ÷
 * matches), than by fetching and sorting every match the trigram index finds (matches rows,
 * each a heap fetch and a recheck, about 4 times the cost of a walked row). The planner cannot
 * tell: its guess for a LIKE or a regular expression is often off by a hundred times either way
 * ('capsule': 160 guessed, 9,286 found and sorted in 60 ms; 'hepa': 1,500 guessed, none there,
 * 100,000 rows walked in 110 ms). `catalogue`: the planner's row estimate for products.
 */
export function walkNewestFirst(matches: number, rowsNeeded: number, catalogue: number): boolean {
  if (matches === 0 || catalogue <= 0) return false;
  return (rowsNeeded * catalogue) / matches <= 4 * matches;
}

export function filterCondition(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (!filter.includeInactive) conditions.push(eq(products.isActive, true));
  if (filter.divisionId) conditions.push(eq(products.divisionId, filter.divisionId));
  if (filter.manufacturerId) conditions.push(eq(products.manufacturerId, filter.manufacturerId));
  if (filter.saltCompositionId)
    conditions.push(eq(products.saltCompositionId, filter.saltCompositionId));
  if (filter.prescription !== undefined)
    conditions.push(eq(products.prescription, filter.prescription));
  return conditions.length ? and(...conditions) : undefined;
}

const keyOf = (order: ProductOrder) =>
  order.by === 'offerPrice' ? products.offerPriceMinor : products.createdAt;

/** The ORDER BY of a sort; the id breaks ties in the same direction, so pages never overlap. */
export function orderOf(order: ProductOrder): SQL[] {
  const direction = order.direction === 'asc' ? asc : desc;
  return [direction(keyOf(order)), direction(products.id)];
}

/**
 * Where a page starts: the sort key (as text, so timestamps keep their microseconds) and id of
 * the row just before it.
 */
export interface PageAnchor {
  key: string;
  id: number;
}

/** Rows after an anchor in the sort order: a seek on the sort index instead of an offset. */
export function afterAnchor(order: ProductOrder, anchor: PageAnchor): SQL {
  const key =
    order.by === 'offerPrice' ? sql`${anchor.key}::integer` : sql`${anchor.key}::timestamptz`;
  const comparison = order.direction === 'asc' ? sql`>` : sql`<`;
  return sql`(${keyOf(order)}, ${products.id}) ${comparison} (${key}, ${anchor.id})`;
}

/**
 * The anchor of every `spacing` rows of a listing (rows spacing, 2·spacing, …), in one pass over
 * the sort index. Page 2,000 then seeks to the anchor before it and skips fewer than `spacing`
 * rows, instead of walking 50,000 (docs/performance.md).
 */
export async function pageAnchors(
  db: DbOrTx,
  where: SQL | undefined,
  order: ProductOrder,
  spacing: number,
): Promise<PageAnchor[]> {
  const numbered = db
    .select({
      key: sql<string>`${keyOf(order)}::text`.as('key'),
      id: products.id,
      n: sql<number>`row_number() over (order by ${sql.join(orderOf(order), sql`, `)})`.as('n'),
    })
    .from(products)
    .where(where)
    .as('numbered');
  return db
    .select({ key: numbered.key, id: numbered.id })
    .from(numbered)
    .where(sql`${numbered.n} % ${spacing} = 0`)
    .orderBy(numbered.n);
}

/**
 * One page of products with every column the listing shows. The page is chosen on the narrow sort
 * (or search) index first and only its rows are joined with names and first images, so skipped
 * rows cost one index entry each.
 */
export async function listPage(
  db: DbOrTx,
  options: {
    where: SQL | undefined;
    order: SQL[];
    limit: number;
    offset: number;
    /**
     * Walk the primary key newest first, testing each row, and stop at the page (`order` must be
     * id descending). The planner would not choose this by itself for a LIKE or a regular
     * expression it guesses rare (walkNewestFirst); reading from a subquery it cannot look into
     * ('offset 0'), whose order is the primary key's, leaves it no other plan. The subquery
     * takes the table's name, so the conditions apply to it unchanged.
     */
    walk?: boolean;
  },
) {
  const source = options.walk
    ? sql`(select * from ${products} order by ${products.id} desc offset 0) as ${products}`
    : products;
  const page = db
    .select({ pageId: sql<number>`${products.id}`.as('page_id') })
    .from(source)
    .where(options.where)
    .orderBy(...options.order)
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  return db
    .select(productColumns)
    .from(page)
    .innerJoin(products, eq(products.id, page.pageId))
    .innerJoin(divisions, eq(divisions.id, products.divisionId))
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .leftJoin(saltCompositions, eq(saltCompositions.id, products.saltCompositionId))
    .orderBy(...options.order);
}

export type ListedRow = Awaited<ReturnType<typeof listPage>>[number];

/** The rows of each condition among those matching `where` and any of them, in one pass. */
export async function countEach(
  db: DbOrTx,
  where: SQL | undefined,
  conditions: SQL[],
): Promise<number[]> {
  const [row] = await db
    .select({
      counts: sql<number[]>`array[${sql.join(
        conditions.map((condition) => sql`count(*) filter (where ${condition})::int`),
        sql`, `,
      )}]`,
    })
    .from(products)
    .where(and(where, or(...conditions)));
  return (row?.counts ?? []).map(Number);
}

export async function countProducts(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(where);
  return row?.n ?? 0;
}

export async function findProduct(db: DbOrTx, productId: number) {
  const [row] = await selectProducts(db).where(eq(products.id, productId)).limit(1);
  return row;
}

export async function listImages(db: DbOrTx, productId: number) {
  return db
    .select({
      id: productImages.id,
      url: productImages.url,
      width: productImages.width,
      height: productImages.height,
      variantWidths: productImages.variantWidths,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.position, productImages.id);
}

export async function listSubstitutes(
  db: DbOrTx,
  product: { id: number; saltCompositionId: number },
  limit: number,
) {
  const rows = await selectProducts(db)
    .where(
      and(
        eq(products.saltCompositionId, product.saltCompositionId),
        eq(products.isActive, true),
        ne(products.id, product.id),
      ),
    )
    .orderBy(asc(products.offerPriceMinor), asc(products.id))
    .limit(limit);
  return rows;
}

export async function listTopSelling(db: DbOrTx, limit: number) {
  const rows = await selectProducts(db)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.unitsSold), desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows;
}

export interface ProductWrite {
  name: string;
  offerPriceMinor: number;
  maximumRetailPriceMinor: number;
  prescription: boolean;
  /** Absent: the database chooses it from `prescription` (migration 0009's trigger). */
  scheduleCode?: string;
  /** Absent: left as it is; null: no limit. */
  maxUnitsPerOrder?: number | null;
  isActive: boolean;
  divisionId: number;
  manufacturerId: number;
  saltCompositionId: number;
  dosageForm: string | null;
  strength: string | null;
  packSize: string | null;
  description: string | null;
  /** Absent: left as it is (a new product gets the column's default, HSN 3004). */
  hsnCode?: string;
  /** Absent: left as it is (a new product gets the column's default, 5%). */
  gstRate?: number;
  /** Absent: left as it is (a new product is returnable). */
  returnable?: boolean;
}

export async function insertProduct(db: DbOrTx, values: ProductWrite): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('product insert returned no row');
  return row.id;
}

export async function updateProduct(
  db: DbOrTx,
  productId: number,
  values: ProductWrite,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set(values)
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** A product's name and prices, its row locked to the end of the transaction (a price change reads the old ones). */
export async function lockPrices(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({
      name: products.name,
      offerPriceMinor: products.offerPriceMinor,
      maximumRetailPriceMinor: products.maximumRetailPriceMinor,
      isActive: products.isActive,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  return row;
}

export async function deleteProduct(db: DbOrTx, productId: number): Promise<boolean> {
  const rows = await db
    .delete(products)
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function insertImages(
  db: DbOrTx,
  productId: number,
  images: StoredImage[],
  firstPosition: number,
) {
  if (images.length === 0) return;
  await db
    .insert(productImages)
    .values(images.map((image, i) => ({ productId, ...image, position: firstPosition + i })));
}

export async function deleteImages(db: DbOrTx, imageIds: number[]) {
  if (imageIds.length === 0) return;
  await db.delete(productImages).where(inArray(productImages.id, imageIds));
}

export async function productExists(
  db: DbOrTx,
  productId: number,
  activeOnly: boolean,
): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      activeOnly
        ? and(eq(products.id, productId), eq(products.isActive, true))
        : eq(products.id, productId),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findProductsByIds(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return [];
  return selectProducts(db).where(inArray(products.id, productIds));
}
