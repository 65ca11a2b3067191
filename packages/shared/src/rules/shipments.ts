/**
 * Parcels and their tracking (issue 29 point 4): what can happen to a parcel, how it reads, and
 * the courier's tracking page for a tracking number (AWB).
 */
export const SHIPMENT_EVENT_KINDS = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'returned_to_origin',
] as const;
export type ShipmentEventKind = (typeof SHIPMENT_EVENT_KINDS)[number];

/** A parcel's state: handed to the courier ('dispatched'), then its latest event. */
export type ShipmentStatus = 'dispatched' | ShipmentEventKind;

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  dispatched: 'Handed to the courier',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  failed_attempt: 'Delivery attempt failed',
  returned_to_origin: 'Returned to the pharmacy',
};

/** The placeholder a courier's tracking URL carries for the tracking number. */
export const AWB_PLACEHOLDER = '{awb}';
export const AWB_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/** The courier's tracking page for this parcel. */
export function trackingUrl(template: string, awb: string): string {
  return template.split(AWB_PLACEHOLDER).join(encodeURIComponent(awb));
}

/** Whether a parcel's state is final: nothing the courier reports changes it afterwards. */
export function isFinalShipmentStatus(status: ShipmentStatus): boolean {
  return status === 'delivered' || status === 'returned_to_origin';
}

/** An order is delivered when every parcel is (and there is at least one). */
export function allParcelsDelivered(statuses: readonly ShipmentStatus[]): boolean {
  return statuses.length > 0 && statuses.every((status) => status === 'delivered');
}

/**
 * The parcel's state after an event: a final state stays (a late "in transit" after "delivered"
 * is kept in the history but changes nothing), otherwise the newest event by time wins.
 */
export function nextShipmentStatus(
  current: ShipmentStatus,
  event: ShipmentEventKind,
  eventIsNewest: boolean,
): ShipmentStatus {
  if (isFinalShipmentStatus(current)) return current;
  return eventIsNewest || isFinalShipmentStatus(event) ? event : current;
}
