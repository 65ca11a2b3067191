import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ORDER_STATUS,
  SHIPMENT_STATUS_LABELS,
  allParcelsDelivered,
  courierWebhookSchema,
  nextShipmentStatus,
  trackingUrl,
  type Courier,
  type CourierInput,
  type Shipment,
  type ShipmentEventInput,
  type ShipmentEventKind,
  type ShipmentInput,
  type ShipmentStatus,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import type { MailOutbox } from '../notifications/mail-outbox';
import type { OrdersService } from '../orders/orders.service';
import * as repository from './shipments.repository';
import type { CourierRow } from './shipments.repository';

export const COURIER_NOT_FOUND = 'No courier found.';
export const SHIPMENT_NOT_FOUND = 'No parcel found.';
export const NOT_READY_TO_DISPATCH =
  'A parcel can leave once packing has started: this order is not in Packing or Dispatched.';
export const AWB_TAKEN = 'This courier already has a parcel with this tracking number.';
export const COURIER_INACTIVE = 'This courier is not in use any more; choose another.';

const toCourier = (row: CourierRow): Courier => ({
  id: row.id,
  name: row.name,
  trackingUrlTemplate: row.trackingUrlTemplate,
  isActive: row.isActive,
});

/** Constant-time comparison of a hex HMAC-SHA256 signature over the exact bytes. */
function signatureMatches(body: Buffer, secret: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * Parcels (issue 29 point 4): the admin hands an order to a courier with its tracking number, in
 * one or several parcels; tracking events come from the admin or the courier's signed webhook;
 * the first parcel moves the order to Dispatched, the last delivered one to Delivered.
 */
export function createShipmentsService(deps: {
  db: Database;
  orders: Pick<OrdersService, 'assertVisible' | 'advanceForShipment' | 'orderInTx' | 'getDetail'>;
  outbox: MailOutbox;
  publicUrl: string;
  shopName: string;
  webhookSecret: string | undefined;
  now?: () => Date;
}) {
  const { db, orders } = deps;
  const now = deps.now ?? (() => new Date());

  async function shipmentsOf(tx: DbOrTx, orderId: number): Promise<Shipment[]> {
    const rows = await repository.shipmentsOfOrder(tx, orderId);
    const events = await repository.eventsOf(
      tx,
      rows.map((row) => row.shipment.id),
    );
    return rows.map(({ shipment, courier }) => ({
      id: shipment.id,
      courier: { id: courier.id, name: courier.name },
      awb: shipment.awb,
      trackingUrl: trackingUrl(courier.trackingUrlTemplate, shipment.awb),
      status: shipment.status as ShipmentStatus,
      note: shipment.note,
      createdAt: shipment.createdAt.toISOString(),
      deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
      events: events
        .filter((event) => event.shipmentId === shipment.id)
        .map((event) => ({
          id: event.id,
          kind: event.kind as ShipmentEventKind,
          occurredAt: event.occurredAt.toISOString(),
          location: event.location,
          note: event.note,
          source: event.source as 'admin' | 'courier',
        })),
    }));
  }

  /**
   * One tracking event on a parcel, in the caller's transaction: the parcel's state moves (a
   * final one stays), and a delivery of the order's last parcel delivers the order.
   */
  async function applyEvent(
    tx: DbOrTx,
    shipmentId: number,
    event: {
      kind: ShipmentEventKind;
      occurredAt: Date;
      location: string | null;
      note: string | null;
      source: 'admin' | 'courier';
      externalId: string | null;
      byUserId: number | null;
    },
  ): Promise<'recorded' | 'replayed'> {
    // The order's lock first, then the parcel's: two parcels of one order delivered at once (or
    // a parcel added meanwhile) are applied one after the other, so the last one sees the others.
    const unlocked = await repository.findShipment(tx, shipmentId);
    if (!unlocked) throw new NotFoundError(SHIPMENT_NOT_FOUND);
    await orders.orderInTx(tx, unlocked.orderId);
    const shipment = await repository.findShipment(tx, shipmentId, { forUpdate: true });
    if (!shipment) throw new NotFoundError(SHIPMENT_NOT_FOUND);
    const latest = await repository.latestEventAt(tx, shipmentId);
    const inserted = await repository.insertEvent(tx, {
      shipmentId,
      kind: event.kind,
      occurredAt: event.occurredAt,
      location: event.location,
      note: event.note,
      source: event.source,
      externalId: event.externalId,
      recordedByUserId: event.byUserId,
    });
    if (!inserted) return 'replayed';
    const current = shipment.status as ShipmentStatus;
    const next = nextShipmentStatus(
      current,
      event.kind,
      latest === null || event.occurredAt >= latest,
    );
    if (next !== current)
      await repository.setShipmentStatus(
        tx,
        shipmentId,
        next,
        next === 'delivered' ? event.occurredAt : null,
      );
    await recordAudit(tx, {
      actorUserId: event.byUserId,
      action: 'shipment.event_recorded',
      entityType: 'shipment',
      entityId: shipmentId,
      details: {
        orderId: shipment.orderId,
        kind: event.kind,
        source: event.source,
        occurredAt: event.occurredAt.toISOString(),
        from: current,
        to: next,
      },
    });
    if (next === 'delivered' && current !== 'delivered') {
      const parcels = await repository.statusesOfOrder(tx, shipment.orderId);
      const statuses = parcels.map((parcel) =>
        parcel.id === shipmentId ? 'delivered' : (parcel.status as ShipmentStatus),
      );
      if (allParcelsDelivered(statuses)) {
        const order = await orders.orderInTx(tx, shipment.orderId);
        if (order?.statusId === ORDER_STATUS.DISPATCHED) {
          const deliveredAt = new Date(
            Math.max(
              event.occurredAt.getTime(),
              ...parcels.map((parcel) => parcel.deliveredAt?.getTime() ?? 0),
            ),
          );
          await orders.advanceForShipment(
            tx,
            shipment.orderId,
            ORDER_STATUS.DELIVERED,
            event.byUserId,
            parcels.length > 1 ? `All ${parcels.length} parcels delivered` : 'Parcel delivered',
            deliveredAt,
          );
        }
      }
    }
    return 'recorded';
  }

  return {
    async listCouriers(): Promise<{ couriers: Courier[] }> {
      return { couriers: (await repository.listCouriers(db)).map(toCourier) };
    },

    async createCourier(input: CourierInput, byUserId: number): Promise<Courier> {
      return db.transaction(async (tx) => {
        const row = await repository.insertCourier(tx, input);
        if (!row) throw new ConflictError('A courier with this name exists already.');
        await recordAudit(tx, {
          actorUserId: byUserId,
          action: 'courier.saved',
          entityType: 'courier',
          entityId: row.id,
          details: { after: toCourier(row) },
        });
        return toCourier(row);
      });
    },

    async updateCourier(id: number, input: CourierInput, byUserId: number): Promise<Courier> {
      return db.transaction(async (tx) => {
        const before = await repository.findCourier(tx, id);
        if (!before) throw new NotFoundError(COURIER_NOT_FOUND);
        const clash = await repository.findCourierByName(tx, input.name);
        if (clash && clash.id !== id)
          throw new ConflictError('A courier with this name exists already.');
        const row = await repository.updateCourier(tx, id, input);
        if (!row) throw new NotFoundError(COURIER_NOT_FOUND);
        await recordAudit(tx, {
          actorUserId: byUserId,
          action: 'courier.saved',
          entityType: 'courier',
          entityId: id,
          details: { before: toCourier(before), after: toCourier(row) },
        });
        return toCourier(row);
      });
    },

    /** The order's parcels, for its owner and the pharmacy (404 for anyone else). */
    async listForOrder(session: Session, orderId: number) {
      await orders.assertVisible(session, orderId);
      return { shipments: await shipmentsOf(db, orderId) };
    },

    /**
     * A parcel handed to a courier: the order must be in Packing (its first parcel, which moves
     * it to Dispatched) or Dispatched already (another parcel of a split order).
     */
    async dispatch(session: Session, orderId: number, input: ShipmentInput) {
      await db.transaction(async (tx) => {
        const courier = await repository.findCourier(tx, input.courierId);
        if (!courier) throw new NotFoundError(COURIER_NOT_FOUND);
        if (!courier.isActive) throw new ConflictError(COURIER_INACTIVE);
        const order = await orders.orderInTx(tx, orderId);
        if (!order) throw new NotFoundError('No order found.');
        if (order.statusId !== ORDER_STATUS.PACKING && order.statusId !== ORDER_STATUS.DISPATCHED)
          throw new ConflictError(NOT_READY_TO_DISPATCH);
        const shipment = await repository.insertShipment(tx, {
          orderId,
          courierId: courier.id,
          awb: input.awb,
          note: input.note,
          createdByUserId: session.userId,
        });
        if (!shipment) throw new ConflictError(AWB_TAKEN);
        const link = trackingUrl(courier.trackingUrlTemplate, input.awb);
        const sentence = `Sent with ${courier.name}, tracking number ${input.awb}: ${link}`;
        await recordAudit(tx, {
          actorUserId: session.userId,
          action: 'shipment.dispatched',
          entityType: 'shipment',
          entityId: shipment.id,
          details: { orderId, courier: courier.name, awb: input.awb },
        });
        if (order.statusId === ORDER_STATUS.PACKING) {
          // The dispatch mail says the status's note: the courier and the tracking link.
          await orders.advanceForShipment(
            tx,
            orderId,
            ORDER_STATUS.DISPATCHED,
            session.userId,
            sentence,
          );
        } else {
          await deps.outbox.enqueue(tx, 'order.parcel_dispatched', {
            to: order.orderedByEmail,
            subject: `Another parcel is on its way — order #${orderId}`,
            text: [
              `Hello ${order.orderedByName},`,
              '',
              'Another parcel of your order has left the pharmacy.',
              sentence,
              '',
              `Your order: ${deps.publicUrl}/order/${orderId}`,
              '',
              deps.shopName,
            ].join('\n'),
          });
        }
      });
      return { message: 'Parcel dispatched', shipments: await shipmentsOf(db, orderId) };
    },

    /** A tracking event the pharmacy records by hand. */
    async recordEvent(
      session: Session,
      orderId: number,
      shipmentId: number,
      input: ShipmentEventInput,
    ) {
      const occurredAt = input.occurredAt ? new Date(input.occurredAt) : now();
      if (occurredAt.getTime() > now().getTime() + 5 * 60_000)
        throw new BadRequestError('When must be a date and time, not in the future.');
      await db.transaction(async (tx) => {
        const shipment = await repository.findShipment(tx, shipmentId);
        if (!shipment || shipment.orderId !== orderId) throw new NotFoundError(SHIPMENT_NOT_FOUND);
        await applyEvent(tx, shipmentId, {
          kind: input.kind,
          occurredAt,
          location: input.location,
          note: input.note,
          source: 'admin',
          externalId: null,
          byUserId: session.userId,
        });
      });
      return {
        message: `Recorded: ${SHIPMENT_STATUS_LABELS[input.kind]}`,
        shipments: await shipmentsOf(db, orderId),
      };
    },

    /**
     * The courier's webhook: the signature over the exact bytes first (401 without a secret
     * configured, a signature, or a match), then the body (400), then the parcel by courier and
     * tracking number (an unknown one is acknowledged and ignored, so the courier stops sending
     * it). A replayed event id adds nothing.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      const secret = deps.webhookSecret;
      if (!secret)
        throw new UnauthorizedError('Webhook refused: no courier webhook is configured.');
      if (!signatureMatches(rawBody, secret, signature))
        throw new UnauthorizedError('Webhook refused: the signature does not match.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new BadRequestError('Webhook refused: the body is not JSON.');
      }
      const result = courierWebhookSchema.safeParse(parsed);
      if (!result.success)
        throw new BadRequestError(
          `Webhook refused: ${result.error.issues[0]?.path.join('.') || 'body'} is not valid.`,
        );
      const body = result.data;
      if (Date.parse(body.occurredAt) > now().getTime() + 5 * 60_000)
        throw new BadRequestError('Webhook refused: occurredAt is in the future.');
      const courier = await repository.findCourierByName(db, body.courier);
      const shipment = courier
        ? await repository.findShipmentByAwb(db, courier.id, body.awb)
        : undefined;
      if (!shipment) return { received: true as const, applied: false };
      const outcome = await db.transaction((tx) =>
        applyEvent(tx, shipment.id, {
          kind: body.event,
          occurredAt: new Date(body.occurredAt),
          location: body.location ?? null,
          note: body.note ?? null,
          source: 'courier',
          externalId: `${courier?.id}:${body.eventId}`,
          byUserId: null,
        }),
      );
      return { received: true as const, applied: outcome === 'recorded' };
    },

    /** For the packing slip: the order's lines and batches as the admin sees them. */
    detailForSlip: (session: Session, orderId: number) => orders.getDetail(session, orderId),
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
