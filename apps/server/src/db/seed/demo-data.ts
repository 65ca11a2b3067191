import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The demo catalogue is data, next to this file: demo-catalogue.csv holds the products in the
 * shop's own catalogue CSV (the columns of the export, decision 0017), which the seed imports
 * through the CSV import's plan and apply; its Stock column, which the import ignores, is the
 * stock the seed receives as batches. demo-catalogue.json holds what the CSV cannot say: the
 * divisions' colours (their images) and what their medicines are for, the manufacturers in the
 * order they are created, each demo salt's typical pack (the large catalogue's brands of it), and
 * how long ago each product was listed.
 */
export const DEMO_CATALOGUE_CSV = path.join(import.meta.dirname, 'demo-catalogue.csv');
const DEMO_CATALOGUE_JSON = path.join(import.meta.dirname, 'demo-catalogue.json');

const demoDataSchema = z.object({
  divisions: z.array(
    z.object({
      name: z.string().min(1),
      color: z.string().regex(/^#[0-9a-f]{6}$/),
      /** A sentence for the large catalogue's descriptions. */
      uses: z.string().min(1),
    }),
  ),
  manufacturers: z.array(z.string().min(1)),
  /** Typical MRP in rupees of a pack of the salt's usual form; `rx`: prescription only. */
  salts: z.array(
    z.object({
      name: z.string().min(1),
      division: z.string().min(1),
      form: z.string().min(1),
      mrp: z.number().positive(),
      rx: z.boolean(),
    }),
  ),
  /** Per product name: milliseconds between its listing (created_at) and the seed's `now`. */
  listedMsAgo: z.record(z.string(), z.number().int().nonnegative()),
});

export type DemoData = z.infer<typeof demoDataSchema>;

let loaded: DemoData | undefined;

/** The JSON side of the demo catalogue, read and checked once. */
export function demoData(): DemoData {
  loaded ??= demoDataSchema.parse(JSON.parse(readFileSync(DEMO_CATALOGUE_JSON, 'utf8')));
  return loaded;
}

export function demoCatalogueCsv(): Buffer {
  return readFileSync(DEMO_CATALOGUE_CSV);
}
