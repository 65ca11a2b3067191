import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../client';
import { couriers, deliveryAreas, deliveryHolidays } from '../schema/index';

/**
 * The demo pharmacy's delivery areas (issue 29): it dispatches from Bengaluru, so the city gets
 * same-day delivery before 14:00, the other metros 2–3 working days, the north-east and the
 * mountain states a week without cash on delivery, the rest of India the migration's 5 days, and
 * the islands are not served yet. Ranges are the postal circles' own.
 */
export const DEMO_DELIVERY_AREAS = [
  {
    pincodeFrom: 560001,
    pincodeTo: 560110,
    zone: 'Bengaluru',
    deliveryDays: 1,
    sameDay: true,
    sameDayCutoff: '14:00',
  },
  { pincodeFrom: 110001, pincodeTo: 110097, zone: 'Delhi', deliveryDays: 2 },
  { pincodeFrom: 400001, pincodeTo: 400104, zone: 'Mumbai', deliveryDays: 2 },
  { pincodeFrom: 600001, pincodeTo: 600130, zone: 'Chennai', deliveryDays: 2 },
  { pincodeFrom: 500001, pincodeTo: 500100, zone: 'Hyderabad', deliveryDays: 2 },
  { pincodeFrom: 700001, pincodeTo: 700160, zone: 'Kolkata', deliveryDays: 3 },
  { pincodeFrom: 411001, pincodeTo: 411062, zone: 'Pune', deliveryDays: 3 },
  {
    pincodeFrom: 781001,
    pincodeTo: 799999,
    zone: 'North-East',
    deliveryDays: 7,
    cashOnDelivery: false,
  },
  {
    pincodeFrom: 180001,
    pincodeTo: 194999,
    zone: 'Jammu, Kashmir and Ladakh',
    deliveryDays: 7,
    cashOnDelivery: false,
  },
  {
    pincodeFrom: 744101,
    pincodeTo: 744304,
    zone: 'Andaman and Nicobar Islands',
    deliveryDays: 7,
    serviceable: false,
  },
  {
    pincodeFrom: 682551,
    pincodeTo: 682559,
    zone: 'Lakshadweep',
    deliveryDays: 7,
    serviceable: false,
  },
] as const;

export const DEMO_HOLIDAYS = [
  { day: '2026-12-25', name: 'Christmas' },
  { day: '2027-01-26', name: 'Republic Day' },
  { day: '2027-08-15', name: 'Independence Day' },
  { day: '2027-10-02', name: 'Gandhi Jayanti' },
  { day: '2027-12-25', name: 'Christmas' },
];

/** The demo pharmacy's couriers, with their public tracking pages. */
export const DEMO_COURIERS = [
  { name: 'Delhivery', trackingUrlTemplate: 'https://www.delhivery.com/track/package/{awb}' },
  {
    name: 'Blue Dart',
    trackingUrlTemplate:
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={awb}',
  },
];

/** Adds the demo areas, holidays and couriers once: only while the areas are the migration's default alone. */
export async function seedDemoDelivery(tx: Database | Transaction): Promise<void> {
  const [{ areas } = { areas: 0 }] = await tx
    .select({ areas: sql<number>`count(*)::int` })
    .from(deliveryAreas);
  if (areas > 1) return;
  await tx.insert(deliveryAreas).values(
    DEMO_DELIVERY_AREAS.map((area) => ({
      cashOnDelivery: true,
      serviceable: true,
      sameDay: false,
      sameDayCutoff: null,
      ...area,
    })),
  );
  await tx.insert(deliveryHolidays).values(DEMO_HOLIDAYS).onConflictDoNothing();
  await tx.insert(couriers).values(DEMO_COURIERS).onConflictDoNothing();
}
