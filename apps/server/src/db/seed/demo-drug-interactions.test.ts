import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { interactionPairKey, normaliseIngredient, saltIngredients } from '@pharmacy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/index';
import { readCatalogCsv } from '../../modules/catalog-csv/read-catalog-csv';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { drugInteractions } from '../schema/index';
import { demoCatalogueCsv } from './demo-data';
import { readDemoDrugInteractions } from './demo-drug-interactions';
import { seedDemoCatalogue } from './seed-demo';

/** Every active ingredient of the salt compositions the demo catalogue CSV names. */
async function demoIngredients(): Promise<Set<string>> {
  const names = new Set<string>();
  for await (const record of readCatalogCsv(demoCatalogueCsv())) {
    const salt = record.cells?.saltComposition?.trim();
    if (salt)
      for (const ingredient of saltIngredients(salt)) names.add(normaliseIngredient(ingredient));
  }
  return names;
}

describe('demo drug interactions (issue 31)', () => {
  let handle: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-interactions-seed-'));
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('parses, names only demo ingredients, and has each pair once', async () => {
    const rows = readDemoDrugInteractions();
    const ingredients = await demoIngredients();
    expect(rows.length).toBeGreaterThan(40);
    const seen = new Set<string>();
    for (const row of rows) {
      for (const name of [row.ingredientA, row.ingredientB])
        expect(
          ingredients.has(normaliseIngredient(name)),
          `“${name}” is not a demo ingredient`,
        ).toBe(true);
      const key = interactionPairKey(row.ingredientA, row.ingredientB);
      expect(seen.has(key), `${key} is listed twice`).toBe(false);
      seen.add(key);
    }
  });

  it('is seeded with the demo catalogue', async () => {
    const result = await seedDemoCatalogue(handle.db, { storage: createLocalStorage(dataDir) });
    expect(result.seeded).toBe(true);
    const rows = await handle.db.select({ key: drugInteractions.pairKey }).from(drugInteractions);
    expect(rows).toHaveLength(readDemoDrugInteractions().length);
  });
});
