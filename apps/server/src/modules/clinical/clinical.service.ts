import {
  DRUG_INTERACTION_CSV_REFUSED_LISTED,
  DRUG_INTERACTION_CSV_SAMPLE,
  DRUG_INTERACTION_MESSAGES,
  DRUG_INTERACTION_PAGE_SIZE,
  findInteractions,
  indexInteractions,
  type DrugInteraction,
  type DrugInteractionData,
  type DrugInteractionImportPreview,
  type DrugInteractionImportResult,
  type DrugInteractionList,
  type DrugInteractionListQuery,
  type FoundInteraction,
  type InteractionRule,
  type InteractionSeverity,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { interactionCsvRow, planInteractionImport } from './clinical-csv';
import * as repository from './clinical.repository';
import { createInteractionChecks } from './interaction-checks';
import type { DrugInteractionRow } from './clinical.repository';

function toView(row: DrugInteractionRow): DrugInteraction {
  return {
    id: row.id,
    ingredientA: row.ingredientA,
    ingredientB: row.ingredientB,
    severity: row.severity as InteractionSeverity,
    effect: row.effect,
    advice: row.advice,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const auditDetails = (row: DrugInteractionRow) => ({
  ingredientA: row.ingredientA,
  ingredientB: row.ingredientB,
  severity: row.severity,
  effect: row.effect,
  advice: row.advice,
  source: row.source,
});

/**
 * Issue 31 point 4: the drug interaction table and the check other modules call. The check reads
 * the whole table once into memory (indexed by pair) and keeps it until the table changes: a write
 * here drops it and, through the change feed, on every other instance (onChanged / forget).
 */
export function createClinicalService(deps: {
  db: Database;
  now?: () => Date;
  onChanged?: () => void;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let cached: Promise<ReadonlyMap<string, InteractionRule>> | undefined;

  // Read through the caller's transaction when given: PGlite's one connection waits on itself.
  const table = (executor: DbOrTx = db): Promise<ReadonlyMap<string, InteractionRule>> => {
    cached ??= repository
      .listAll(executor)
      .then((rows) =>
        indexInteractions(
          rows.map((row) => ({ ...row, severity: row.severity as InteractionSeverity })),
        ),
      );
    // A failed read is not kept: the next check tries again.
    cached.catch(() => {
      cached = undefined;
    });
    return cached;
  };

  const changed = () => {
    cached = undefined;
    deps.onChanged?.();
  };

  /** A unique violation on the pair key is the sentence the form shows. */
  const refuseDuplicate = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ConflictError(DRUG_INTERACTION_MESSAGES.duplicate);
    throw error;
  };

  return {
    async list(query: DrugInteractionListQuery): Promise<DrugInteractionList> {
      const pageSize = DRUG_INTERACTION_PAGE_SIZE;
      const { rows, total } = await repository.listPage(db, {
        search: query.search || undefined,
        severity: query.severity,
        limit: pageSize,
        offset: (query.page - 1) * pageSize,
      });
      return {
        interactions: rows.map(toView),
        pagination: {
          page: query.page,
          pageSize,
          rowCount: total,
          pageCount: Math.ceil(total / pageSize),
        },
      };
    },

    async create(data: DrugInteractionData, byUserId: number) {
      const row = await db
        .transaction(async (tx) => {
          const inserted = await repository.insert(tx, data, byUserId, now());
          await recordAudit(tx, {
            actorUserId: byUserId,
            action: 'interaction.created',
            entityType: 'drug_interaction',
            entityId: inserted.id,
            details: auditDetails(inserted),
          });
          return inserted;
        })
        .catch(refuseDuplicate);
      changed();
      return { interaction: toView(row), message: DRUG_INTERACTION_MESSAGES.created };
    },

    async update(id: number, data: DrugInteractionData, byUserId: number) {
      const row = await db
        .transaction(async (tx) => {
          const before = await repository.findById(tx, id);
          if (!before) throw new NotFoundError(DRUG_INTERACTION_MESSAGES.notFound);
          const after = await repository.update(tx, id, data, byUserId, now());
          if (!after) throw new NotFoundError(DRUG_INTERACTION_MESSAGES.notFound);
          await recordAudit(tx, {
            actorUserId: byUserId,
            action: 'interaction.updated',
            entityType: 'drug_interaction',
            entityId: id,
            details: { before: auditDetails(before), after: auditDetails(after) },
          });
          return after;
        })
        .catch(refuseDuplicate);
      changed();
      return { interaction: toView(row), message: DRUG_INTERACTION_MESSAGES.updated };
    },

    async remove(id: number, byUserId: number): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const before = await repository.findById(tx, id);
        if (!before) throw new NotFoundError(DRUG_INTERACTION_MESSAGES.notFound);
        await repository.remove(tx, id);
        await recordAudit(tx, {
          actorUserId: byUserId,
          action: 'interaction.deleted',
          entityType: 'drug_interaction',
          entityId: id,
          details: auditDetails(before),
        });
      });
      changed();
      return { message: DRUG_INTERACTION_MESSAGES.deleted };
    },

    /**
     * Every row in pair order, as the CSV's cells (the import's own format). Read before this
     * resolves, so a failing query is an error answer rather than a cut-off file.
     */
    async exportRows(): Promise<AsyncIterable<string[]>> {
      const rows = await repository.listInPairOrder(db);
      return (async function* () {
        for (const row of rows) yield interactionCsvRow(row);
      })();
    },

    /** What importing this CSV would do: the counts, the refused rows by line. Writes nothing. */
    async previewImport(content: Buffer): Promise<DrugInteractionImportPreview> {
      const planned = await planInteractionImport(db, content);
      return {
        creates: planned.creates,
        updates: planned.updates,
        unchanged: planned.unchanged,
        refusedCount: planned.refused.length,
        refused: planned.refused.slice(0, DRUG_INTERACTION_CSV_REFUSED_LISTED),
        sample: planned.rows.slice(0, DRUG_INTERACTION_CSV_SAMPLE).map((row) => ({
          line: row.line,
          ingredientA: row.data.ingredientA,
          ingredientB: row.data.ingredientB,
          severity: row.data.severity,
          action: row.action,
        })),
      };
    },

    /**
     * Every row of the file in one transaction, or none when any is refused (the preview says
     * which). A pair already in the table, in either order, is changed rather than added, so the
     * same file imported twice changes nothing the second time. Each row written has its own
     * interaction.created or .updated audit entry, as an edit in the dialog has.
     */
    async importCsv(content: Buffer, byUserId: number): Promise<DrugInteractionImportResult> {
      const planned = await db
        .transaction(async (tx) => {
          const plan = await planInteractionImport(tx, content);
          const first = plan.refused[0];
          if (first)
            throw new BadRequestError(
              `${plan.refused.length} rows cannot be imported (first: line ${first.line}: ${first.message}). Nothing was changed.`,
            );
          const at = now();
          for (const row of plan.rows) {
            if (row.action === 'create') {
              const inserted = await repository.insert(tx, row.data, byUserId, at);
              await recordAudit(tx, {
                actorUserId: byUserId,
                action: 'interaction.created',
                entityType: 'drug_interaction',
                entityId: inserted.id,
                details: { ...auditDetails(inserted), imported: true },
              });
            } else if (row.action === 'update' && row.existing) {
              const after = await repository.update(tx, row.existing.id, row.data, byUserId, at);
              if (!after) throw new NotFoundError(DRUG_INTERACTION_MESSAGES.notFound);
              await recordAudit(tx, {
                actorUserId: byUserId,
                action: 'interaction.updated',
                entityType: 'drug_interaction',
                entityId: after.id,
                details: {
                  before: auditDetails(row.existing),
                  after: auditDetails(after),
                  imported: true,
                },
              });
            }
          }
          return plan;
        })
        // Another write added one of the file's pairs after it was read: the sentence, a 409.
        .catch(refuseDuplicate);
      if (planned.creates + planned.updates > 0) changed();
      return {
        message: `Imported: ${planned.creates} added, ${planned.updates} changed, ${planned.unchanged} unchanged.`,
        creates: planned.creates,
        updates: planned.updates,
        unchanged: planned.unchanged,
      };
    },

    /**
     * The known interactions between lines, each line a salt composition's name or its
     * ingredients (issue 31: the cart, the order, the patient's recent orders and allergies).
     */
    async interactionsFor(
      saltCompositionNames: readonly (string | readonly string[])[],
    ): Promise<FoundInteraction[]> {
      return findInteractions(saltCompositionNames, await table());
    },

    /** Issue 31 point 4: the cart's and the order's checks and the approval's override. */
    ...createInteractionChecks({ db, table, now }),

    /** Another instance changed the table (the change feed): read it again at the next check. */
    forget(): void {
      cached = undefined;
    },
  };
}

export type ClinicalService = ReturnType<typeof createClinicalService>;
