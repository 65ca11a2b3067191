import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { medicineSeedFileSchema, type MedicineSeedEntry } from '@pharmacy/shared';
import * as medicines from '../../modules/medicines/medicines.repository';
import type { DbOrTx } from '../client';

/**
 * The demo catalogue's medicine information (issue 30): one JSON file per division in
 * medicine-information/, each an array of entries naming a demo salt composition exactly, written
 * by the content writers and checked here by the shared schema the editor and the API use.
 */
export const DEMO_MEDICINE_INFORMATION_DIR = path.join(import.meta.dirname, 'medicine-information');

/**
 * The demo's sample review: the demo shop's pharmacist, named so nobody takes it for a real
 * pharmacist's sign-off; the number is the one the demo admin gets (startup.ts).
 */
export const DEMO_MEDICINE_REVIEWER = {
  reviewerName: 'Demo Pharmacist (sample review)',
  registrationNumber: 'KA/PH/2019/04512',
} as const;

export interface DemoMedicineFile {
  file: string;
  entries: MedicineSeedEntry[];
}

/** Every file of the folder, parsed and validated; an invalid file is named with its problem. */
export function readDemoMedicineInformation(
  dir: string = DEMO_MEDICINE_INFORMATION_DIR,
): DemoMedicineFile[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`medicine information ${file}: not JSON (${(error as Error).message})`, {
        cause: error,
      });
    }
    const parsed = medicineSeedFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `medicine information ${file}, entry ${String(issue?.path[0] ?? '?')}: ${issue?.path.slice(1).join('.')} ${issue?.message}`,
      );
    }
    return { file, entries: parsed.data };
  });
}

/**
 * Publishes the demo content in the seed's transaction, each entry reviewed by the demo
 * pharmacist on the seed's date. Every entry must name a salt the catalogue has (names ignore
 * case) and no salt may be described twice; salts without content stay unpublished.
 */
export async function seedDemoMedicineInformation(
  tx: DbOrTx,
  options: { now: Date; dir?: string },
): Promise<{ published: number }> {
  const files = readDemoMedicineInformation(options.dir);
  const salts = new Map(
    (await medicines.allSalts(tx)).map((salt) => [salt.name.toLowerCase(), salt]),
  );
  const seen = new Map<number, string>();
  const entries = files.flatMap(({ file, entries: list }) =>
    list.map((entry) => {
      const salt = salts.get(entry.salt.toLowerCase());
      if (!salt)
        throw new Error(
          `medicine information ${file}: “${entry.salt}” is not a salt composition of the catalogue`,
        );
      const earlier = seen.get(salt.id);
      if (earlier)
        throw new Error(
          `medicine information ${file}: “${entry.salt}” is described in ${earlier} too`,
        );
      seen.set(salt.id, file);
      const { salt: _name, ...content } = entry;
      return {
        saltId: salt.id,
        content,
        review: { ...DEMO_MEDICINE_REVIEWER, reviewedAt: options.now, reviewedByUserId: null },
      };
    }),
  );
  await medicines.insertPublished(tx, entries);
  return { published: entries.length };
}
