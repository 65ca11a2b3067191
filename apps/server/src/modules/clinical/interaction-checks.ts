import {
  INTERACTION_OVERRIDE_MESSAGES,
  describeFinding,
  findingsBlockingApproval,
  interactionFindings,
  interactionWindowStart,
  type CheckedLine,
  type HistoryLine,
  type InteractionFinding,
  type InteractionOverride,
  type InteractionRule,
  type InteractionSeverity,
  type RecordedAllergy,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './interaction-checks.repository';
import type { CheckRow } from './interaction-checks.repository';

/** A cart line as the cart service holds it. */
export interface CartLineToCheck {
  lineId: number;
  productId: number;
  productName: string;
}

/** The order being checked, as its module reads it. */
export interface OrderToCheck {
  id: number;
  userId: number;
  createdAt: Date;
  patientId: number | null;
}

function split(rows: CheckRow[]) {
  const lines: CheckedLine[] = [];
  const history: HistoryLine[] = [];
  const allergies: RecordedAllergy[] = [];
  for (const row of rows) {
    if (row.kind === 'history' && row.orderId !== null && row.orderedAt !== null)
      history.push({
        orderId: row.orderId,
        orderedAt: row.orderedAt,
        productId: row.productId,
        productName: row.productName ?? '',
        saltName: row.saltName,
      });
    else if (row.kind === 'allergy')
      for (const allergen of row.allergies)
        allergies.push({ patientId: row.patientId, patientName: row.patientName, allergen });
    else if (row.kind === 'line' && row.lineId !== null)
      lines.push({
        lineId: row.lineId,
        productId: row.productId,
        productName: row.productName ?? '',
        saltName: row.saltName,
      });
  }
  return { lines, history, allergies };
}

/** `aspirin|clopidogrel` → both names; `allergy:ibuprofen` → the one ingredient. */
const ingredientsOfKey = (pairKey: string) =>
  pairKey.startsWith('allergy:') ? [pairKey.slice('allergy:'.length)] : pairKey.split('|');

/**
 * Issue 31 point 4 (decision 0026): the interactions of a cart or an order with its own lines,
 * the member's (or patient's) counted orders of the 90-day window and the allergies on file, and
 * the pharmacist's override of the major ones at approval. One statement reads what a check
 * needs; the table itself is the clinical service's in-memory index.
 */
export function createInteractionChecks(deps: {
  db: Database;
  /**
   * The clinical service's in-memory table; read through the caller's executor when it is not
   * held yet (inside a transaction, PGlite's one connection would otherwise wait on itself).
   */
  table: (executor: DbOrTx) => Promise<ReadonlyMap<string, InteractionRule>>;
  now: () => Date;
}) {
  const { db, table } = deps;

  async function forOrder(order: OrderToCheck, tx: DbOrTx = db): Promise<InteractionFinding[]> {
    const [rows, index] = await Promise.all([
      repository.readCheck(
        tx,
        { kind: 'order', orderId: order.id },
        {
          userId: order.userId,
          patientId: order.patientId,
          since: interactionWindowStart(order.createdAt),
          excludeOrderId: order.id,
        },
      ),
      table(tx),
    ]);
    return interactionFindings(split(rows), index);
  }

  return {
    /**
     * The cart's interactions: no patient is chosen yet, so every counted order of the member's
     * in the last 90 days and the allergies of every patient on the account are checked.
     */
    async forCart(
      userId: number,
      cartLines: readonly CartLineToCheck[],
      tx: DbOrTx = db,
    ): Promise<InteractionFinding[]> {
      if (cartLines.length === 0) return [];
      const [rows, index] = await Promise.all([
        repository.readCheck(
          tx,
          { kind: 'products', productIds: cartLines.map((line) => line.productId) },
          {
            userId,
            patientId: null,
            since: interactionWindowStart(deps.now()),
            excludeOrderId: null,
          },
        ),
        table(tx),
      ]);
      const salts = new Map(
        rows.flatMap((row) =>
          row.kind === 'line' && row.productId !== null ? [[row.productId, row.saltName]] : [],
        ),
      );
      const { history, allergies } = split(rows);
      const lines = cartLines.map((line) => ({
        ...line,
        saltName: salts.get(line.productId) ?? null,
      }));
      return interactionFindings({ lines, history, allergies }, index);
    },

    /**
     * The order's interactions: its lines, the orders of the 90 days before it was placed and
     * since (the patient's once chosen), the patient's allergies (everyone's on the account
     * until a patient is chosen).
     */
    forOrder,

    /** The same, for an order known by its id (the order page). */
    async forOrderId(orderId: number, tx: DbOrTx = db): Promise<InteractionFinding[]> {
      const order = await repository.findOrderScope(tx, orderId);
      if (!order) throw new NotFoundError('No order found.');
      return forOrder(order, tx);
    },

    /**
     * At the pharmacist's approval, in its transaction: a major interaction or an allergy refuses
     * it (409, naming each) unless a reason is given; then each is recorded as an override and in
     * the audit chain. Returns how many were overridden.
     */
    async overrideForApproval(
      tx: DbOrTx,
      input: { orderId: number; pharmacistId: number; reason: string | null | undefined },
    ): Promise<number> {
      const order = await repository.findOrderScope(tx, input.orderId);
      if (!order) throw new NotFoundError('No order found.');
      const blocking = findingsBlockingApproval(await forOrder(order, tx));
      if (blocking.length === 0) return 0;
      const reason = input.reason?.trim();
      if (!reason)
        throw new ConflictError(
          INTERACTION_OVERRIDE_MESSAGES.blocked(blocking.map(describeFinding).join('; ')),
        );
      for (const finding of blocking) {
        const id = await repository.insertOverride(tx, {
          orderId: order.id,
          pairKey: finding.pairKey,
          severity: finding.severity,
          reason,
          pharmacistId: input.pharmacistId,
          createdAt: deps.now(),
        });
        await recordAudit(tx, {
          actorUserId: input.pharmacistId,
          action: 'interaction.overridden',
          entityType: 'interaction_override',
          entityId: id,
          details: {
            orderId: order.id,
            pairKey: finding.pairKey,
            ingredientA: finding.ingredientA,
            ingredientB: finding.ingredientB,
            severity: finding.severity,
            source: finding.source,
            found: describeFinding(finding),
            reason,
          },
        });
      }
      return blocking.length;
    },

    /** The overrides recorded on an order, for the admin order page. */
    async overridesOf(orderId: number, tx: DbOrTx = db): Promise<InteractionOverride[]> {
      const rows = await repository.listOverrides(tx, orderId);
      return rows.map((row) => ({
        id: row.id,
        pairKey: row.pairKey,
        ingredients: ingredientsOfKey(row.pairKey),
        severity: row.severity as InteractionSeverity,
        reason: row.reason,
        pharmacistId: row.pharmacistId,
        pharmacistName: row.pharmacistName,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type InteractionChecks = ReturnType<typeof createInteractionChecks>;
