// Issue 31 point 4, rows q1–q4: what the drug interaction check adds to placing an order. Placing
// runs the check inline, in the order's transaction, after the order is written
// (apps/server/src/modules/orders/place-order.ts → clinical.forOrder): one statement for the
// order's lines' salts, the member's counted orders of the 90-day window and the allergies on the
// account, then the in-memory table. So what it adds is its own duration, timed here exactly as
// placing runs it: a member's order of 4 lines written in a transaction, the check timed, the
// transaction rolled back. The shop holds the 2,000-product catalogue (with the demo salts), the
// demo interaction table, and 40,000 orders of 2,000 other members; each measured member has 12
// counted orders of 3 lines in the window, 6 older ones and 4 cancelled ones, and a patient with
// an allergy. Variants: a cart without any interaction, and one with a major pair, a moderate
// one against an earlier order and an allergy; one check at a time, and 16 at once (the
// checkout's concurrency, on PostgreSQL's pool).
import { sql } from 'drizzle-orm';
import { normaliseIngredient, saltIngredients } from '@pharmacy/shared';
import { seedDemoDrugInteractions } from '../../apps/server/src/db/seed/demo-drug-interactions.ts';
import { createClinicalService } from '../../apps/server/src/modules/clinical/clinical.service.ts';
import { percentile } from '../lib/load.mjs';

const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);
const run = async (db, statement) => rowsOf(await db.execute(statement));

const MEMBERS = 200;
const OTHER_MEMBERS = 2_000;
const OTHER_ORDERS = 40_000;

/** The first active product of each salt whose name starts with `prefix`. */
async function productOf(db, prefix) {
  const [found] = await run(
    db,
    sql`select p.id, s.name as salt from products p join salt_compositions s on s.id = p.salt_composition_id
      where s.name ilike ${`${prefix}%`} and s.name not like '%+%' and p.is_active order by p.id limit 1`,
  );
  if (!found) throw new Error(`no product of a salt named ${prefix}…`);
  return found;
}

/**
 * Members, their histories and everyone else's orders, by SQL. Returns the member ids and the
 * carts: `plain` meets nothing, `interacting` has a major pair between its lines, a moderate
 * one with the members' earlier orders and an ingredient their patient is allergic to.
 */
export async function prepareInteractions(handle) {
  const { db } = handle;
  await seedDemoDrugInteractions(db, new Date());
  const [aspirin, clopidogrel, omeprazole, amlodipine] = await Promise.all(
    ['Aspirin', 'Clopidogrel', 'Omeprazole', 'Amlodipine'].map((name) => productOf(db, name)),
  );
  // Products whose ingredients are in no row of the table: the plain cart and the histories'
  // other lines, so only the pairs put there on purpose are found.
  const known = new Set(
    (await run(db, sql`select ingredient_a, ingredient_b from drug_interactions`)).flatMap(
      (row) => [normaliseIngredient(row.ingredient_a), normaliseIngredient(row.ingredient_b)],
    ),
  );
  const candidates = await run(
    db,
    sql`select p.id, s.name as salt from products p join salt_compositions s on s.id = p.salt_composition_id
      where p.is_active order by p.id limit 3000`,
  );
  const unrelated = candidates
    .filter(
      (row) => !saltIngredients(row.salt).some((name) => known.has(normaliseIngredient(name))),
    )
    .map((row) => row.id);
  if (unrelated.length < 100) throw new Error('too few products without a known interaction');
  const plain = unrelated.slice(0, 4);

  const users = await run(
    db,
    sql`insert into users (name, email, password_hash, role_id)
      select 'Bench interactions ' || n, 'bench-interactions-' || n || '@example.test', 'x', 2
      from generate_series(1, ${MEMBERS + OTHER_MEMBERS}) as n returning id`,
  );
  const ids = users.map((row) => row.id);
  const members = ids.slice(0, MEMBERS);
  const others = ids.slice(MEMBERS);
  await run(
    db,
    sql`insert into patients (user_id, name, relation, age_years, sex, allergies)
      select value::integer, 'Patient of ' || value, 'self', 45, 'female', '["amlodipine"]'::jsonb
      from json_array_elements_text(${JSON.stringify(members)}::json)`,
  );

  // Every member: 12 counted orders in the window (one of omeprazole: meets clopidogrel), 6 older
  // than 90 days, 4 cancelled; others: 40,000 orders over the last year. 3 lines each.
  const histories = [];
  for (const member of members) {
    for (let i = 0; i < 22; i += 1) {
      const daysAgo = i < 12 ? 2 + i * 7 : i < 18 ? 100 + i * 10 : 5 + i;
      histories.push({ user: member, days: daysAgo, status: i >= 18 ? 8 : 7, omeprazole: i === 3 });
    }
  }
  for (let i = 0; i < OTHER_ORDERS; i += 1)
    histories.push({
      user: others[i % others.length],
      days: i % 365,
      status: 7,
      omeprazole: false,
    });
  const lineProducts = unrelated.slice(4, 504);
  for (let start = 0; start < histories.length; start += 5_000) {
    const slice = histories.slice(start, start + 5_000);
    const placed = await run(
      db,
      sql`insert into orders (user_id, status_id, total_order_value_minor, created_at)
        select (h->>'user')::integer, (h->>'status')::integer, 30000,
          now() - ((h->>'days')::integer * interval '1 day')
        from json_array_elements(${JSON.stringify(slice)}::json) as h returning id`,
    );
    const lines = placed.flatMap((order, i) => {
      const history = slice[i];
      return [0, 1, 2].map((k) => ({
        order: order.id,
        product:
          history.omeprazole && k === 0
            ? omeprazole.id
            : lineProducts[(order.id * 7 + k * 131) % lineProducts.length],
      }));
    });
    await run(
      db,
      sql`insert into order_lines (order_id, product_id, product_name, unit_price_minor,
          maximum_retail_price_minor, quantity, prescription)
        select (l->>'order')::integer, (l->>'product')::integer, 'Bench line', 10000, 10000, 1, false
        from json_array_elements(${JSON.stringify(lines)}::json) as l`,
    );
  }
  await run(db, sql`analyze orders`);
  await run(db, sql`analyze order_lines`);
  return {
    members,
    carts: {
      plain: plain.slice(0, 4),
      interacting: [aspirin.id, clopidogrel.id, amlodipine.id, plain[0]],
    },
  };
}

/**
 * `checks` checks of the order placed in `transactionOf`'s transaction, `concurrency` at a time,
 * each by a member in turn with `cart`: the order and its lines written, the check timed, rolled
 * back. Answers the latencies and the findings of the first check (to prove the variant).
 */
async function timeChecks(handle, clinical, prepared, cart, { checks, concurrency }) {
  const { db } = handle;
  const latencies = [];
  const floor = [];
  let firstFindings;
  let next = 0;
  const rollback = new Error('rollback');
  async function worker() {
    while (next < checks) {
      const i = next;
      next += 1;
      const userId = prepared.members[i % prepared.members.length];
      await db
        .transaction(async (tx) => {
          const [order] = rowsOf(
            await tx.execute(
              sql`insert into orders (user_id, status_id, total_order_value_minor)
                values (${userId}, 3, 40000) returning id, created_at`,
            ),
          );
          await tx.execute(
            sql`insert into order_lines (order_id, product_id, product_name, unit_price_minor,
                maximum_retail_price_minor, quantity, prescription)
              select ${order.id}, value::integer, 'Bench cart line', 10000, 10000, 1, false
              from json_array_elements_text(${JSON.stringify(cart)}::json)`,
          );
          // The floor beside it: the cheapest statement in the same transaction, same moment.
          const floorStarted = performance.now();
          await tx.execute(sql`select 1`);
          floor.push(performance.now() - floorStarted);
          const started = performance.now();
          const findings = await clinical.forOrder(
            { id: order.id, userId, createdAt: new Date(order.created_at), patientId: null },
            tx,
          );
          latencies.push(performance.now() - started);
          firstFindings ??= findings;
          throw rollback;
        })
        .catch((error) => {
          if (error !== rollback) throw error;
        });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    checks: latencies.length,
    floorP50: percentile(floor, 50),
    floorP95: percentile(floor, 95),
    findings: firstFindings ?? [],
  };
}

/**
 * The four measurements on one database: both carts, one at a time and (PostgreSQL) 16 at once.
 * Each variant is warmed up first (200 checks, not counted: the table read once, the JIT).
 */
export async function measureInteractions(handle, prepared, { concurrent }) {
  const clinical = createClinicalService({ db: handle.db });
  const results = {};
  for (const variant of ['plain', 'interacting']) {
    const cart = prepared.carts[variant];
    await timeChecks(handle, clinical, prepared, cart, { checks: 200, concurrency: 1 });
    results[variant] = {
      sequential: await timeChecks(handle, clinical, prepared, cart, {
        checks: 1_000,
        concurrency: 1,
      }),
      ...(concurrent
        ? {
            concurrent: await timeChecks(handle, clinical, prepared, cart, {
              checks: 2_000,
              concurrency: 16,
            }),
          }
        : {}),
    };
  }
  const plainFound = results.plain.sequential.findings;
  const found = results.interacting.sequential.findings;
  if (plainFound.length > 0)
    throw new Error(`the plain cart met ${plainFound.map((f) => f.pairKey).join(', ')}`);
  const sources = new Set(found.map((f) => f.source));
  if (!['cart', 'recent-order', 'allergy'].every((source) => sources.has(source)))
    throw new Error(`the interacting cart found only ${[...sources].join(', ')}`);
  return { ...results, found: found.map((f) => `${f.source} ${f.pairKey} (${f.severity})`) };
}

/**
 * `--only interactions` (and the full run): rows q1–q4 on PostgreSQL, q5–q6 on PGlite, each on a
 * database of its own with a 2,000-product catalogue (`products` unless given).
 */
export async function interactionsPhase(ctx) {
  const { rows, row, fmt, suite, log, open, createPgDatabase, seedCatalogue, tempDir, products } =
    ctx;
  const ms = (value) => fmt(value, 2, ' ms');
  const size = products === 100_000 ? 2_000 : products;
  const describe = (result) =>
    `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, ${result.checks} checks; a select 1 in the same transaction: p50 ${ms(result.floorP50)}, p95 ${ms(result.floorP95)}`;
  const add = (id, what, result, baseline) =>
    rows.push(row(id, what, ms(result.p95), baseline, 'p95', '≤ 5 ms', result.p95 <= 5));
  // 16 at once on two cores, every statement waits its turn for a core (the select 1 beside it
  // shows how long): reported against that floor; the goal is the one-at-a-time rows'.
  const report = (id, what, result, baseline) =>
    rows.push(row(id, what, ms(result.p95), baseline, 'p95', '—', undefined));

  const database = await createPgDatabase();
  ctx.cleanups.push(() => database.drop());
  const handle = await open('postgres', database.url);
  ctx.cleanups.push(() => handle.close());
  await seedCatalogue(handle, size);
  const pg = await suite('interaction check in the place-order path (PostgreSQL)', async () =>
    measureInteractions(handle, await prepareInteractions(handle), { concurrent: true }),
  );
  if (pg) {
    log(`q1–q4: found for the interacting cart: ${pg.found.join('; ')}`);
    const what = (cart, how) =>
      `Interaction check added to placing an order, ${cart}, ${how}, p95 (PostgreSQL)`;
    add(
      'q1',
      what('cart without interactions', 'one at a time'),
      pg.plain.sequential,
      describe(pg.plain.sequential),
    );
    add(
      'q2',
      what('cart with a major pair, an earlier order and an allergy', 'one at a time'),
      pg.interacting.sequential,
      `${describe(pg.interacting.sequential)}; found ${pg.found.length}: ${pg.found.join('; ')}`,
    );
    report(
      'q3',
      what('cart without interactions', '16 at once'),
      pg.plain.concurrent,
      describe(pg.plain.concurrent),
    );
    report(
      'q4',
      what('cart with interactions', '16 at once'),
      pg.interacting.concurrent,
      describe(pg.interacting.concurrent),
    );
  }
  await handle.close();
  await database.drop();

  const dataDir = tempDir('bench-interactions-pglite-');
  const lite = await open('pglite', dataDir);
  ctx.cleanups.push(() => lite.close());
  await seedCatalogue(lite, size);
  const pglite = await suite('interaction check in the place-order path (PGlite)', async () =>
    measureInteractions(lite, await prepareInteractions(lite), { concurrent: false }),
  );
  if (pglite) {
    const what = (cart) =>
      `Interaction check added to placing an order, ${cart}, one at a time, p95 (PGlite)`;
    add(
      'q5',
      what('cart without interactions'),
      pglite.plain.sequential,
      describe(pglite.plain.sequential),
    );
    add(
      'q6',
      what('cart with interactions'),
      pglite.interacting.sequential,
      describe(pglite.interacting.sequential),
    );
  }
  await lite.close();
}
