import { and, asc, desc, eq, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/errors';
import { products, searchWords } from '../../db/schema/index';

/** Search over the catalogue: the groups of a relevance ranking and the catalogue's words. */

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
