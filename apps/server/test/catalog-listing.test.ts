import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLargeCatalogue } from '../src/db/seed/large-catalogue';
import { createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import { createAdmin } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Issue 8: deep pages seek from anchors instead of walking every row, and misspelt terms are
 * matched through the catalogue's words. The answers must be exactly those of the plain queries.
 */
describe(`catalogue listing at depth, and search words (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;

  beforeAll(async () => {
    t = await buildTestApp();
    await generateLargeCatalogue(t.database.db, { products: 2_600 });
    basics = await createBasics(t.database.db);
  }, 120_000);
  afterAll(async () => t.close());

  const ids = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { productList: { id: number }[]; pagination: { rowCount: number } };
    return { ids: body.productList.map((p) => p.id), rowCount: body.pagination.rowCount };
  };

  const expected = async (order: string, where: string, limit: number, offset: number) =>
    rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql.raw(
          `SELECT id FROM products WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
        ),
      ),
    ).map((row) => Number(row.id));

  it('gives the same deep pages as OFFSET would, for each sort and with a filter', async () => {
    const [division] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`SELECT division_id AS id FROM products WHERE is_active GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      ),
    );
    const cases = [
      ['', 'created_at DESC, id DESC', 'is_active'],
      ['&orderBy=createdAt&orderType=asc', 'created_at ASC, id ASC', 'is_active'],
      ['&orderBy=offerPrice&orderType=asc', 'offer_price_minor ASC, id ASC', 'is_active'],
      ['&orderBy=offerPrice&orderType=desc', 'offer_price_minor DESC, id DESC', 'is_active'],
    ] as const;
    for (const [query, order, where] of cases) {
      for (const page of [40, 41, 42, 80, 101]) {
        const got = await ids(`/api/product/all?limit=25&page=${page}${query}`);
        expect(got.ids, `${query} page ${page}`).toEqual(
          await expected(order, where, 25, (page - 1) * 25),
        );
      }
    }
    const byDivision = await ids(
      `/api/product/all?limit=10&page=120&divisionId=${division?.id}&orderBy=offerPrice&orderType=asc`,
    );
    expect(byDivision.ids).toEqual(
      await expected(
        'offer_price_minor ASC, id ASC',
        `is_active AND division_id = ${Number(division?.id)}`,
        10,
        1190,
      ),
    );
  });

  it('answers past the last page with no rows and the right count', async () => {
    const [total] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM products WHERE is_active`),
    );
    const past = await ids('/api/product/all?limit=25&page=500');
    expect(past.ids).toEqual([]);
    expect(past.rowCount).toBe(Number(total?.n));
    const searchPast = await ids('/api/product/all?limit=25&page=500&search=tablet');
    expect(searchPast.ids).toEqual([]);
    expect(searchPast.rowCount).toBeGreaterThan(0);
  });

  it('finds a new product by a misspelt word of its name, and follows renames', async () => {
    const product = await createProduct(t.database.db, basics, { name: 'Zyloquent 20 Tablet' });
    expect((await ids('/api/product/all?search=zyloqent')).ids).toEqual([product.id]);
    const admin = await createAdmin(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/manufacturer/${basics.manufacturerId}`,
      headers: admin.auth,
      payload: { name: 'Quorvatex Remedies' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ids('/api/product/all?search=quorvatx')).ids).toContain(product.id);
  });

  it('matches one- and two-letter terms against the start of names, alphabetically', async () => {
    const got = await ids('/api/product/all?limit=100&search=Ze');
    const names = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`SELECT id FROM products WHERE is_active AND lower(name) LIKE 'ze%' ORDER BY lower(name) COLLATE "C", id DESC LIMIT 100`,
      ),
    ).map((row) => Number(row.id));
    expect(got.ids).toEqual(names);
    expect(got.ids.length).toBeGreaterThan(0);
  });

  it('ranks a name starting with the whole term first', async () => {
    const exact = await createProduct(t.database.db, basics, { name: 'Vexo 40 Tablet' });
    const longer = await createProduct(t.database.db, basics, { name: 'Vexotrin 40 Tablet' });
    const inside = await createProduct(t.database.db, basics, { name: 'Amlovexo 5 Tablet' });
    expect((await ids('/api/product/all?search=vexo')).ids).toEqual([
      exact.id,
      longer.id,
      inside.id,
    ]);
  });

  /** Every word's count of active products, recomputed from the products themselves. */
  const wordCountsDrift = async () =>
    rowsOf<{ word: string; kept: number; actual: number }>(
      await t.database.db.execute(sql`
        SELECT w.word, w.products AS kept, coalesce(a.n, 0) AS actual
        FROM search_words w
        LEFT JOIN (
          SELECT x AS word, count(*)::int AS n
          FROM products, search_text_words(products.search_text) AS x
          WHERE products.is_active GROUP BY x
        ) a ON a.word = w.word
        WHERE w.products <> coalesce(a.n, 0)`),
    );

  const expectedSearch = async (term: string, limit: number) => {
    const named = await expected(
      'lower(name) COLLATE "C", id DESC',
      `is_active AND lower(name) LIKE '${term}%'`,
      limit,
      0,
    );
    const others = await expected(
      'id DESC',
      `is_active AND search_text LIKE '%${term}%' AND lower(name) NOT LIKE '${term}%'`,
      limit,
      0,
    );
    const [total] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql.raw(
          `SELECT count(*)::int AS n FROM products WHERE is_active AND search_text LIKE '%${term}%'`,
        ),
      ),
    );
    return { ids: [...named, ...others].slice(0, limit), rowCount: Number(total?.n) };
  };

  it('counts a search from the words of the catalogue exactly, through every kind of change', async () => {
    // One word ('tablet' is also inside 'tablets'), several words, a name prefix, none.
    const terms = ['tablet', 'table', 'car', 'cap', 'para', 'syrup', 'vit', 'zzq'];
    const check = async () => {
      expect(await wordCountsDrift()).toEqual([]);
      for (const term of terms) {
        for (const limit of [8, 25]) {
          expect(await ids(`/api/product/all?limit=${limit}&search=${term}`), term).toEqual(
            await expectedSearch(term, limit),
          );
        }
      }
    };
    await check();
    const admin = await createAdmin(t);
    const some = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`SELECT id FROM products WHERE is_active AND search_text LIKE '%tablet%' ORDER BY id DESC LIMIT 3`,
      ),
    ).map((row) => Number(row.id));
    await t.database.db.execute(
      sql`UPDATE products SET is_active = false WHERE id = ${some[0] ?? 0}`,
    );
    await t.database.db.execute(sql`DELETE FROM products WHERE id = ${some[1] ?? 0}`);
    await t.database.db.execute(
      sql`UPDATE products SET name = 'Cartablets Syrup 100ml' WHERE id = ${some[2] ?? 0}`,
    );
    await createProduct(t.database.db, basics, { name: 'Tabletop Care Capsule' });
    await createProduct(t.database.db, basics, { name: 'Hidden Tablet', isActive: false });
    // Stock updates (orders) leave the words alone.
    await t.database.db.execute(sql`UPDATE products SET quantity = quantity + 1`);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/manufacturer/${basics.manufacturerId}`,
      headers: admin.auth,
      payload: { name: 'Tablets Carewell Pharma' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await check();
    await t.database.db.execute(
      sql`UPDATE products SET is_active = true WHERE id = ${some[0] ?? 0}`,
    );
    await check();
  });
});
