// The search baseline: what a first version of search-as-you-type often is, a node:http + pg
// endpoint running `name ILIKE '%term%'` over the same products, newest first, with the total.
// Usage: node bench/naive-search-server.mjs <postgres url> <port>
import http from 'node:http';
import pg from 'pg';

const [connectionString, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString, max: 4 });

http
  .createServer(async (request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    const term = url.searchParams.get('search') ?? '';
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 8));
    try {
      const { rows } = await pool.query(
        `SELECT id, name, offer_price_minor, maximum_retail_price_minor, quantity,
                count(*) OVER () AS total
           FROM products
          WHERE is_active AND name ILIKE '%' || $1 || '%'
          ORDER BY created_at DESC, id DESC
          LIMIT $2`,
        [term.replace(/[\\%_]/g, (c) => `\\${c}`), limit],
      );
      const body = JSON.stringify({
        productList: rows.map(({ total: _total, ...row }) => row),
        rowCount: Number(rows[0]?.total ?? 0),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  })
  .listen(Number(port), '127.0.0.1');
