import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatusId } from '@pharmacy/shared';
import { orderLines, orders } from '../src/db/schema/index';
import { createBasics, createProduct } from './catalog-factories';
import { createAdmin, createUser, validAddress, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/**
 * A strict reading of RFC 4180 (csv-parse is not a dependency): fields separated by commas,
 * records by LF or CRLF, a field in double quotes may hold commas, line breaks and "" for a
 * quote. A quote anywhere else, or text after a closing quote, is an error, not a guess.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let closed = false;
  const endField = () => {
    record.push(field);
    field = '';
    closed = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else {
        quoted = false;
        closed = true;
      }
    } else if (char === ',') endField();
    else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i += 1;
      endField();
      records.push(record);
      record = [];
    } else if (closed) throw new Error(`text after a closing quote at ${i}`);
    else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
    } else field += char;
  }
  if (quoted) throw new Error('an unclosed quote');
  if (field !== '' || record.length > 0 || closed) {
    endField();
    records.push(record);
  }
  return records;
}

const HEADER = [
  'Order',
  'Order date',
  'Status',
  'Customer',
  'Customer e-mail',
  'Payment',
  'Shipping city',
  'Shipping state',
  'Shipping pincode',
  'Product ID',
  'Product',
  'Units',
  'Unit price',
  'Line total',
  'Order total',
  'Cancelled',
];

describe(`orders CSV for the accountant (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let asha: TestUser;
  let priya: TestUser;
  let productId: number;
  const ids = { first: 0, cancelled: 0, last: 0, before: 0, after: 0 };

  const db = () => t.database.db;
  const exportCsv = (query: string, user: TestUser | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/reports/orders.csv${query}`,
      headers: user ? user.auth : {},
    });
  /** The file's records after its BOM, which every answer starts with. */
  async function records(query: string): Promise<string[][]> {
    const response = await exportCsv(query);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual(HEADER);
    return rows;
  }

  async function insertOrder(
    user: TestUser,
    order: {
      createdAt: string;
      statusId: OrderStatusId;
      totalMinor: number;
      paymentNote?: string;
      shipping?: { city: string; state: string; pinCode: string };
      lines: { productId: number | null; name: string; unitPriceMinor: number; units: number }[];
    },
  ): Promise<number> {
    const [row] = await db()
      .insert(orders)
      .values({
        userId: user.id,
        statusId: order.statusId,
        totalOrderValueMinor: order.totalMinor,
        paymentNote: order.paymentNote ?? null,
        shippingAddress: order.shipping
          ? { ...validAddress, ...order.shipping, country: 'India', alternatePhone: null }
          : null,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('no order');
    // Microseconds too, which a JavaScript Date cannot hold.
    await db().execute(
      sql`update ${orders} set created_at = ${order.createdAt}::timestamptz where ${orders.id} = ${row.id}`,
    );
    for (const line of order.lines) {
      await db().insert(orderLines).values({
        orderId: row.id,
        productId: line.productId,
        productName: line.name,
        unitPriceMinor: line.unitPriceMinor,
        maximumRetailPriceMinor: line.unitPriceMinor,
        quantity: line.units,
        prescription: false,
      });
    }
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t);
    member = await createUser(t);
    asha = await createUser(t, {
      name: 'Rao, "Asha"\nKumari',
      email: 'asha.rao@example.com',
    });
    priya = await createUser(t, { name: '=2+5', email: '+priya@example.com' });
    // The catalogue calls it something else by now; the order keeps the name it was sold under.
    productId = (await createProduct(db(), await createBasics(db()), { name: 'Renamed Product' }))
      .id;

    ids.first = await insertOrder(asha, {
      createdAt: '2026-03-01T00:00:00.000000Z',
      statusId: ORDER_STATUS.DELIVERED,
      totalMinor: 39_840,
      paymentNote: 'Cash on Delivery',
      shipping: { city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' },
      lines: [
        { productId, name: 'Crocin Advance, 500 mg "Strip"', unitPriceMinor: 12_345, units: 2 },
        { productId: null, name: '@Discontinued syrup', unitPriceMinor: 5_050, units: 3 },
      ],
    });
    ids.cancelled = await insertOrder(priya, {
      createdAt: '2026-03-15T10:30:00.250000Z',
      statusId: ORDER_STATUS.CANCELLED,
      totalMinor: 999,
      paymentNote: 'Card payment',
      shipping: { city: 'Pune', state: '-Maharashtra', pinCode: '411001' },
      lines: [
        { productId, name: '=HYPERLINK("http://evil.example")', unitPriceMinor: 999, units: 1 },
      ],
    });
    ids.last = await insertOrder(asha, {
      createdAt: '2026-03-31T23:59:59.999999Z',
      statusId: ORDER_STATUS.NEW,
      totalMinor: 100_000,
      lines: [{ productId, name: 'Big pack', unitPriceMinor: 100_000, units: 1 }],
    });
    ids.before = await insertOrder(asha, {
      createdAt: '2026-02-28T23:59:59.999999Z',
      statusId: ORDER_STATUS.DELIVERED,
      totalMinor: 500,
      paymentNote: 'Card payment',
      lines: [{ productId, name: 'February pack', unitPriceMinor: 500, units: 1 }],
    });
    ids.after = await insertOrder(priya, {
      createdAt: '2026-04-01T00:00:00.000000Z',
      statusId: ORDER_STATUS.ACCEPTED,
      totalMinor: 700,
      paymentNote: 'Cash on Delivery',
      lines: [{ productId, name: 'April pack', unitPriceMinor: 350, units: 2 }],
    });
  });
  afterAll(async () => t?.close());

  it('refuses anyone but an admin', async () => {
    const anonymous = await exportCsv('?from=2026-03-01&to=2026-03-31', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    const asMember = await exportCsv('?from=2026-03-01&to=2026-03-31', member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(asMember.body).not.toContain('Crocin');
  });

  it.each([
    ['?from=2026-03-31&to=2026-03-01', 'to: The end date is before the start date.'],
    [
      '?from=2026-01-01&to=2027-01-02',
      'to: One export covers at most 366 days: choose an end date up to 2027-01-01.',
    ],
    ['?to=2026-03-31', 'from: Please choose the start date.'],
    ['?from=2026-03-01', 'to: Please choose the end date.'],
    ['?from=1.3.2026&to=2026-03-31', 'from: The start date must look like 2026-11-25.'],
    ['?from=2026-02-01&to=2026-02-29', 'to: The end date is not a day on the calendar.'],
    ['?from=2026-03-01&from=2026-03-02&to=2026-03-31', 'from: Please choose the start date.'],
  ])('answers 400 naming the field: %s', async (query, message) => {
    const response = await exportCsv(query);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('answers a year PostgreSQL has no day of with a 400, not a cut-off file', async () => {
    const response = await exportCsv('?from=0000-01-01&to=0000-01-31');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('downloads as an attachment Excel reads as UTF-8', async () => {
    const response = await exportCsv('?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-03-01-to-2026-03-31.csv"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('writes one row per order line, with hand-computed amounts, and nothing outside the period', async () => {
    expect(await records('?from=2026-03-01&to=2026-03-31')).toEqual([
      [
        String(ids.first),
        '2026-03-01T00:00:00.000Z',
        'Delivered',
        'Rao, "Asha"\nKumari',
        'asha.rao@example.com',
        'Cash on Delivery',
        'Bengaluru',
        'Karnataka',
        '560001',
        String(productId),
        'Crocin Advance, 500 mg "Strip"',
        '2',
        '123.45',
        '246.90',
        '398.40',
        'no',
      ],
      [
        String(ids.first),
        '2026-03-01T00:00:00.000Z',
        'Delivered',
        'Rao, "Asha"\nKumari',
        'asha.rao@example.com',
        'Cash on Delivery',
        'Bengaluru',
        'Karnataka',
        '560001',
        '',
        "'@Discontinued syrup",
        '3',
        '50.50',
        '151.50',
        '398.40',
        'no',
      ],
      [
        String(ids.cancelled),
        '2026-03-15T10:30:00.250Z',
        'Cancelled',
        "'=2+5",
        "'+priya@example.com",
        'Card payment',
        'Pune',
        "'-Maharashtra",
        '411001',
        String(productId),
        `'=HYPERLINK("http://evil.example")`,
        '1',
        '9.99',
        '9.99',
        '9.99',
        'yes',
      ],
      [
        String(ids.last),
        '2026-03-31T23:59:59.999Z',
        'New',
        'Rao, "Asha"\nKumari',
        'asha.rao@example.com',
        '',
        '',
        '',
        '',
        String(productId),
        'Big pack',
        '1',
        '1000.00',
        '1000.00',
        '1000.00',
        'no',
      ],
    ]);
  });

  it('quotes the fields that need it, in the file itself', async () => {
    const body = (await exportCsv('?from=2026-03-01&to=2026-03-15')).body;
    expect(body).toContain(`,"Rao, ""Asha""\nKumari",`);
    expect(body).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(body).not.toContain(',=');
  });

  it.each([
    ['the first day alone', '?from=2026-03-01&to=2026-03-01', () => [ids.first, ids.first]],
    [
      'the last day alone, to its last microsecond',
      '?from=2026-03-31&to=2026-03-31',
      () => [ids.last],
    ],
    ['the day before the period', '?from=2026-02-28&to=2026-02-28', () => [ids.before]],
    ['the day after the period', '?from=2026-04-01&to=2026-04-01', () => [ids.after]],
    [
      'the days around the period',
      '?from=2026-02-28&to=2026-04-01',
      () => [ids.before, ids.first, ids.first, ids.cancelled, ids.last, ids.after],
    ],
    ['a day without orders', '?from=2026-03-02&to=2026-03-02', () => []],
    ['the last day of the calendar', '?from=9999-12-31&to=9999-12-31', () => []],
  ])('takes whole UTC days: %s', async (_name, query, expected) => {
    expect((await records(query)).map((row) => Number(row[0]))).toEqual(expected());
  });

  it('is documented in the OpenAPI document with the answers it gives', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    };
    const operation = document.paths['/api/reports/orders.csv']?.get;
    expect(operation?.tags).toEqual(['reports']);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
  });

  it('pages through many orders in order, each once, even when they share a timestamp', async () => {
    // 1,203 orders (over two pages of 500) on seven instants a microsecond apart, inserted so
    // that id order and time order differ: the keyset must use both, to the microsecond.
    await db().execute(
      sql`insert into ${orders} (user_id, status_id, total_order_value_minor, created_at)
          select ${asha.id}, ${ORDER_STATUS.DELIVERED}, 100 * g,
                 timestamptz '2025-06-01 10:00:00+00' + (g % 7) * interval '1 microsecond'
          from generate_series(1, 1203) as g`,
    );
    await db().execute(
      sql`insert into ${orderLines} (order_id, product_id, product_name, unit_price_minor,
            maximum_retail_price_minor, quantity, prescription)
          select id, null, 'Bulk ' || id, total_order_value_minor, total_order_value_minor, 1, false
          from ${orders} where created_at >= '2025-06-01' and created_at < '2025-06-02'`,
    );
    const expected = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.createdAt} >= '2025-06-01' and ${orders.createdAt} < '2025-06-02'`)
      .orderBy(sql`${orders.createdAt}, ${orders.id}`);
    expect(expected).toHaveLength(1203);

    const rows = await records('?from=2025-06-01&to=2025-06-01');
    expect(rows.map((row) => Number(row[0]))).toEqual(expected.map((row) => row.id));
    for (const row of rows) {
      expect(row[10]).toBe(`Bulk ${row[0]}`);
      expect(row[13]).toBe(row[14]);
      expect(row[1]).toBe('2025-06-01T10:00:00.000Z');
    }
  });
});
