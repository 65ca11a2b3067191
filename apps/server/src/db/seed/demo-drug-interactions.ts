import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  drugInteractionSeedSchema,
  interactionPairKey,
  type DrugInteractionData,
} from '@pharmacy/shared';
import { drugInteractions } from '../schema/index';
import type { DbOrTx } from '../client';

/**
 * Issue 31 point 4: the demo catalogue's drug interactions, a data file beside this one, checked
 * by the shared schema the admin's dialog, the API and the CSV import use. Its rows name only
 * ingredients of the demo catalogue's salts; the severities follow standard references (decision
 * 0026 says which, and the file's limits).
 */
export const DEMO_DRUG_INTERACTIONS_JSON = path.join(import.meta.dirname, 'drug-interactions.json');

export function readDemoDrugInteractions(
  file: string = DEMO_DRUG_INTERACTIONS_JSON,
): DrugInteractionData[] {
  return drugInteractionSeedSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Inserts the demo rows; called inside the demo seed's transaction, once. */
export async function seedDemoDrugInteractions(tx: DbOrTx, now: Date): Promise<number> {
  const rows = readDemoDrugInteractions();
  if (rows.length === 0) return 0;
  await tx.insert(drugInteractions).values(
    rows.map((row) => ({
      ingredientA: row.ingredientA,
      ingredientB: row.ingredientB,
      pairKey: interactionPairKey(row.ingredientA, row.ingredientB),
      severity: row.severity,
      effect: row.effect,
      advice: row.advice,
      source: row.source,
      updatedAt: now,
    })),
  );
  return rows.length;
}
