import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/index';
import { readCatalogCsv } from '../../modules/catalog-csv/read-catalog-csv';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { medicineMonographs, saltCompositions } from '../schema/index';
import { demoCatalogueCsv } from './demo-data';
import {
  DEMO_MEDICINE_REVIEWER,
  readDemoMedicineInformation,
  seedDemoMedicineInformation,
} from './demo-medicine-information';
import { seedDemoCatalogue } from './seed-demo';

/** The salt compositions the demo catalogue CSV names (the import creates exactly these). */
async function demoSaltNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for await (const record of readCatalogCsv(demoCatalogueCsv())) {
    const salt = record.cells?.saltComposition?.trim();
    if (salt) names.add(salt.toLowerCase());
  }
  return names;
}

describe('demo medicine information (issue 30)', () => {
  let handle: TestDatabase;
  let dataDir: string;
  const seedDate = new Date('2026-11-20T04:30:00Z');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-medicines-seed-'));
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('parses every content file, each entry naming a demo salt once', async () => {
    const files = readDemoMedicineInformation();
    const salts = await demoSaltNames();
    expect(salts.size).toBeGreaterThan(60);
    const seen = new Map<string, string>();
    for (const { file, entries } of files) {
      for (const entry of entries) {
        const name = entry.salt.toLowerCase();
        expect(salts.has(name), `${file}: “${entry.salt}” is not a demo salt`).toBe(true);
        expect(seen.get(name), `${file}: “${entry.salt}” is described twice`).toBeUndefined();
        seen.set(name, file);
      }
    }
  });

  it('publishes each entry as the demo pharmacist’s review; other salts stay unpublished', async () => {
    const entries = readDemoMedicineInformation().flatMap((file) => file.entries);
    const result = await seedDemoCatalogue(handle.db, {
      storage: createLocalStorage(dataDir),
      now: seedDate,
    });
    expect(result.seeded).toBe(true);
    const rows = await handle.db
      .select({
        salt: saltCompositions.name,
        slug: saltCompositions.slug,
        reviewerName: medicineMonographs.reviewerName,
        registrationNumber: medicineMonographs.reviewerRegistrationNumber,
        reviewedAt: medicineMonographs.reviewedAt,
        reviewedBy: medicineMonographs.reviewedByUserId,
      })
      .from(medicineMonographs)
      .innerJoin(saltCompositions, eq(saltCompositions.id, medicineMonographs.saltCompositionId));
    expect(rows).toHaveLength(entries.length);
    for (const row of rows) {
      expect(row.reviewerName).toBe(DEMO_MEDICINE_REVIEWER.reviewerName);
      expect(row.registrationNumber).toBe(DEMO_MEDICINE_REVIEWER.registrationNumber);
      expect(row.reviewedAt?.toISOString()).toBe(seedDate.toISOString());
      expect(row.reviewedBy).toBeNull();
    }
    const [salts] = await handle.db.select({ n: count() }).from(saltCompositions);
    const [published] = await handle.db
      .select({ n: count() })
      .from(medicineMonographs)
      .where(isNotNull(medicineMonographs.reviewedAt));
    expect(published?.n).toBe(entries.length);
    // Every demo salt has content today; a salt added later simply has none until reviewed.
    expect(salts?.n ?? 0).toBeGreaterThanOrEqual(entries.length);
  });

  it('gives every demo salt its slug from the name', async () => {
    const salts = await handle.db
      .select({ name: saltCompositions.name, slug: saltCompositions.slug })
      .from(saltCompositions);
    const slugOf = new Map(salts.map((salt) => [salt.name, salt.slug]));
    expect(slugOf.get('Paracetamol (650mg)')).toBe('paracetamol-650mg');
    expect(slugOf.get('Amoxicillin (500mg) + Clavulanic Acid (125mg)')).toBe(
      'amoxicillin-500mg-clavulanic-acid-125mg',
    );
    for (const { slug } of salts) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(new Set(salts.map((salt) => salt.slug)).size).toBe(salts.length);
  });

  it('refuses a file with an unknown salt or an invalid section, naming the file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pharmacy-medicines-files-'));
    try {
      const [first] = readDemoMedicineInformation().flatMap((file) => file.entries);
      const entry = first ?? {
        salt: 'Paracetamol (650mg)',
        summary: 'A pain reliever.',
        uses: ['Fever'],
        howItWorks: 'It works.',
        sideEffectsCommon: [],
        sideEffectsSerious: [],
        safety: Object.fromEntries(
          ['alcohol', 'pregnancy', 'breastfeeding', 'driving', 'kidney', 'liver'].map((topic) => [
            topic,
            { level: 'caution', advice: 'Ask your doctor.' },
          ]),
        ),
        howToTake: 'With water.',
        missedDose: 'Take it when you remember.',
        storage: 'Below 30°C.',
        interactions: [],
      };
      writeFileSync(
        path.join(dir, 'unknown.json'),
        JSON.stringify([{ ...entry, salt: 'Unobtainium (5mg)' }]),
      );
      await expect(
        handle.db.transaction((tx) => seedDemoMedicineInformation(tx, { now: seedDate, dir })),
      ).rejects.toThrow(/unknown\.json: “Unobtainium \(5mg\)” is not a salt composition/);
      writeFileSync(
        path.join(dir, 'unknown.json'),
        JSON.stringify([{ ...entry, safety: { ...entry.safety, liver: { level: 'maybe' } } }]),
      );
      expect(() => readDemoMedicineInformation(dir)).toThrow(
        /unknown\.json, entry 0: safety\.liver\.level Choose a safety level from the list\./,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
