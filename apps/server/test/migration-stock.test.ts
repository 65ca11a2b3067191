import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@pharmacy/shared';
import { MIGRATIONS_FOLDER } from '../src/db/client';

/**
 * Migration 0008 on a shop that sold before batches existed: stock and open orders must come
 * through whole. The migrations up to 0007 run first on a copy of the folder, the shop's rows are
 * written as they were then, and 0008 runs over them.
 */
describe('migration 0008: stock before batches', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-0007-'));
  const client = new PGlite({ extensions: { pg_trgm } });
  afterAll(async () => {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const rows = async <T>(query: string) => (await client.query<T>(query)).rows;

  it("turns every product's quantity into an opening batch and keeps open orders traceable", async () => {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: Array<{ idx: number }>;
    };
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx <= 7) }),
    );
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folder });

    await client.exec(`
      insert into users (id, name, email) values (1, 'Asha', 'asha@example.com');
      insert into divisions (id, name) values (1, 'Tablets');
      insert into manufacturers (id, name) values (1, 'Cipla');
      insert into products (id, name, offer_price_minor, maximum_retail_price_minor, quantity,
        division_id, manufacturer_id, units_sold)
      values (1, 'Stocked', 5000, 6000, 7, 1, 1, 2), (2, 'Sold out', 5000, 6000, 0, 1, 1, 4),
        (3, 'Never stocked', 5000, 6000, 0, 1, 1, 0);
      insert into orders (id, user_id, status_id, total_order_value_minor) values
        (1, 1, 5, 10000), (2, 1, 8, 25000), (3, 1, 1, 20000);
      insert into order_lines (id, order_id, product_id, product_name, unit_price_minor,
        maximum_retail_price_minor, quantity, prescription) values
        (1, 1, 1, 'Stocked', 5000, 6000, 2, false),
        (2, 2, 1, 'Stocked', 5000, 6000, 5, false),
        (3, 3, 2, 'Sold out', 5000, 6000, 4, false);
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const batches = await rows<Record<string, unknown>>(
      `select product_id, batch_number, expiry_date::text as expiry, on_hand, received_units
       from stock_batches order by product_id`,
    );
    const expiry = addDays(utcDay(), 365);
    expect(batches).toEqual([
      // 7 on the shelf and 2 in an open order; the cancelled order's 5 are already on the shelf.
      { product_id: 1, batch_number: 'OPENING', expiry, on_hand: 7, received_units: 9 },
      { product_id: 2, batch_number: 'OPENING', expiry, on_hand: 0, received_units: 4 },
    ]);
    expect(
      await rows(`select order_line_id, units, returned from order_line_batches order by 1`),
    ).toEqual([
      { order_line_id: 1, units: 2, returned: false },
      { order_line_id: 3, units: 4, returned: false },
    ]);
    // The ledger explains every unit on hand.
    expect(
      await rows(`select b.product_id, b.on_hand, sum(m.units)::int as ledger
        from stock_batches b join stock_movements m on m.batch_id = b.id
        group by b.id order by b.product_id`),
    ).toEqual([
      { product_id: 1, on_hand: 7, ledger: 7 },
      { product_id: 2, on_hand: 0, ledger: 0 },
    ]);
    expect(
      await rows(`select kind, units, order_id from stock_movements order by product_id, kind`),
    ).toEqual([
      { kind: 'receipt', units: 9, order_id: null },
      { kind: 'sale', units: -2, order_id: 1 },
      { kind: 'receipt', units: 4, order_id: null },
      { kind: 'sale', units: -4, order_id: 3 },
    ]);
    expect(await rows(`select id, quantity, reorder_level from products order by id`)).toEqual([
      { id: 1, quantity: 7, reorder_level: 5 },
      { id: 2, quantity: 0, reorder_level: 5 },
      { id: 3, quantity: 0, reorder_level: 5 },
    ]);
  });
});
