import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * Where the shop delivers (issue 29): a pincode or a range of pincodes, with its zone, the
 * working days from dispatch to the door, whether cash on delivery is allowed and same-day
 * delivery with its cut-off. A pincode takes the narrowest range that holds it, so a city's
 * range can carry exceptions (a pincode not served, one with same-day delivery).
 */
export const deliveryAreas = pgTable(
  'delivery_areas',
  {
    id: serial('id').primaryKey(),
    pincodeFrom: integer('pincode_from').notNull(),
    pincodeTo: integer('pincode_to').notNull(),
    zone: varchar('zone', { length: 60 }).notNull(),
    serviceable: boolean('serviceable').notNull().default(true),
    deliveryDays: integer('delivery_days').notNull(),
    cashOnDelivery: boolean('cash_on_delivery').notNull().default(true),
    sameDay: boolean('same_day').notNull().default(false),
    /** HH:mm in India. */
    sameDayCutoff: varchar('same_day_cutoff', { length: 5 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_areas_range_idx').on(t.pincodeFrom, t.pincodeTo),
    check(
      'delivery_areas_range_check',
      sql`${t.pincodeFrom} between 100000 and 999999 and ${t.pincodeTo} between ${t.pincodeFrom} and 999999`,
    ),
    check('delivery_areas_days_check', sql`${t.deliveryDays} between 0 and 30`),
    check('delivery_areas_same_day_check', sql`not ${t.sameDay} or ${t.sameDayCutoff} is not null`),
  ],
);

/** The pharmacy's dispatch calendar: one row (id 1). */
export const deliveryCalendar = pgTable(
  'delivery_calendar',
  {
    id: integer('id').primaryKey().default(1),
    /** ISO weekdays the pharmacy dispatches on (1 Monday … 7 Sunday). */
    workingDays: integer('working_days').array().notNull(),
    /** HH:mm in India. */
    dispatchCutoff: varchar('dispatch_cutoff', { length: 5 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('delivery_calendar_one_row', sql`${t.id} = 1`)],
);

/** Days the pharmacy does not dispatch, in India. */
export const deliveryHolidays = pgTable('delivery_holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
  name: varchar('name', { length: 80 }).notNull(),
});

/** Couriers the pharmacy sends parcels with, each with its tracking page (`{awb}` in the URL). */
export const couriers = pgTable('couriers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique('couriers_name_key'),
  trackingUrlTemplate: varchar('tracking_url_template', { length: 300 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A parcel of an order handed to a courier with its tracking number (AWB). An order may leave in
 * several; it is Delivered when every parcel is. `status` is the parcel's latest event.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    courierId: integer('courier_id')
      .notNull()
      .references(() => couriers.id),
    awb: varchar('awb', { length: 40 }).notNull(),
    status: varchar('status', { length: 24 }).notNull().default('dispatched'),
    note: varchar('note', { length: 200 }),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shipments_courier_awb_key').on(t.courierId, t.awb),
    index('shipments_order_id_idx').on(t.orderId),
  ],
);

/** What happened to a parcel, recorded by the pharmacy or reported by the courier's webhook. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    kind: varchar('kind', { length: 24 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    location: varchar('location', { length: 80 }),
    note: varchar('note', { length: 200 }),
    /** 'admin' or 'courier'. */
    source: varchar('source', { length: 12 }).notNull(),
    /** The courier's event id: a replayed webhook adds nothing. */
    externalId: varchar('external_id', { length: 80 }).unique('shipment_events_external_id_key'),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipment_events_shipment_id_idx').on(t.shipmentId, t.occurredAt)],
);
