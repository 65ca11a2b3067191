import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { couriers, shipmentEvents, shipments } from '../../db/schema/index';

export type CourierRow = typeof couriers.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

export function listCouriers(db: DbOrTx) {
  return db.select().from(couriers).orderBy(asc(couriers.name));
}

export async function findCourier(db: DbOrTx, id: number) {
  const [row] = await db.select().from(couriers).where(eq(couriers.id, id)).limit(1);
  return row;
}

export async function findCourierByName(db: DbOrTx, name: string) {
  const [row] = await db.select().from(couriers).where(eq(couriers.name, name)).limit(1);
  return row;
}

export async function insertCourier(
  db: DbOrTx,
  values: { name: string; trackingUrlTemplate: string; isActive: boolean },
) {
  const [row] = await db.insert(couriers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCourier(
  db: DbOrTx,
  id: number,
  values: { name: string; trackingUrlTemplate: string; isActive: boolean },
) {
  const [row] = await db.update(couriers).set(values).where(eq(couriers.id, id)).returning();
  return row;
}

export async function insertShipment(
  db: DbOrTx,
  values: {
    orderId: number;
    courierId: number;
    awb: string;
    note: string | null;
    createdByUserId: number;
  },
) {
  const [row] = await db
    .insert(shipments)
    .values(values)
    .onConflictDoNothing({ target: [shipments.courierId, shipments.awb] })
    .returning();
  return row;
}

export async function findShipment(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findShipmentByAwb(db: DbOrTx, courierId: number, awb: string) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.courierId, courierId), eq(shipments.awb, awb)))
    .limit(1);
  return row;
}

export function shipmentsOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({ shipment: shipments, courier: couriers })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.id));
}

export function eventsOf(db: DbOrTx, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(shipmentEvents)
    .where(inArray(shipmentEvents.shipmentId, shipmentIds))
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id));
}

/** The time of the parcel's newest event so far (null: none yet). */
export async function latestEventAt(db: DbOrTx, shipmentId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(shipmentEvents.occurredAt) })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId));
  return row?.at ?? null;
}

export async function insertEvent(
  db: DbOrTx,
  values: {
    shipmentId: number;
    kind: string;
    occurredAt: Date;
    location: string | null;
    note: string | null;
    source: 'admin' | 'courier';
    externalId: string | null;
    recordedByUserId: number | null;
  },
) {
  const [row] = await db
    .insert(shipmentEvents)
    .values(values)
    .onConflictDoNothing({ target: shipmentEvents.externalId })
    .returning();
  return row;
}

export async function setShipmentStatus(
  db: DbOrTx,
  id: number,
  status: string,
  deliveredAt: Date | null,
) {
  await db
    .update(shipments)
    .set({ status, ...(deliveredAt ? { deliveredAt } : {}) })
    .where(eq(shipments.id, id));
}

export async function statusesOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({ id: shipments.id, status: shipments.status, deliveredAt: shipments.deliveredAt })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
}
