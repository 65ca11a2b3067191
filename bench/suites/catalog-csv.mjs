// Issue 18 point 4, rows m1–m4 (PostgreSQL) and m5–m8 (PGlite): the catalogue CSV. The export of
// the whole bench catalogue (time and size), its re-import unchanged (the preview must find 0
// changes), and an import of 100,000 new or changed rows (preview, then the import itself: goal
// under 60 s on PostgreSQL), as an admin against the running shop.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

function assertLocal(base) {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`not a local shop: ${base}`);
}

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ...result, ms: performance.now() - started };
}

/** GET /api/catalog/products.csv, read to the end. */
export async function exportCatalogue(base, token) {
  assertLocal(base);
  return timed(async () => {
    const response = await fetch(`${base}/api/catalog/products.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const file = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`export answered ${response.status}: ${file}`);
    return { file, rows: file.toString('utf8').split('\n').length - 2 };
  });
}

async function post(base, token, urlPath, file) {
  const response = await fetch(`${base}${urlPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: file,
  });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(
      `${urlPath} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  return { body };
}

/** POST /api/catalog/import/preview with the file as the body. */
export function previewImport(base, token, file) {
  assertLocal(base);
  return timed(() => post(base, token, '/api/catalog/import/preview', file));
}

/** POST /api/catalog/import with the preview's token. */
export function importFile(base, token, file, previewToken) {
  assertLocal(base);
  return timed(() => post(base, token, `/api/catalog/import?previewToken=${previewToken}`, file));
}

/**
 * `rows` rows to write from an exported catalogue: every other product gets a new offer price
 * (an update), the others come back without their ID under a new name, as a distributor's list
 * of new products would (a create), a new manufacturer every 1,000 rows.
 */
export function changedCatalogue(exported, rows) {
  const [header, ...records] = parse(exported, { bom: true });
  const offer = header.indexOf('Offer price');
  const mrp = header.indexOf('MRP');
  const name = header.indexOf('Name');
  const maker = header.indexOf('Manufacturer');
  const chosen = records.slice(0, rows).map((record, index) => {
    const copy = [...record];
    if (index % 2 === 0) {
      const price = Number(copy[offer]);
      copy[offer] = (price > 50.5 ? price - 0.5 : Number(copy[mrp])).toFixed(2);
    } else {
      copy[0] = '';
      copy[name] = `${copy[name]} (bench import ${index})`;
      if (index % 1000 === 1) copy[maker] = `Bench Import Maker ${index}`;
    }
    return copy;
  });
  return Buffer.from(stringify([header, ...chosen]));
}
