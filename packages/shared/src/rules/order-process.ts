import { ORDER_STATUS, type OrderStatusId } from '../constants/order-status';

/**
 * Spec §2 order process, the customer's part of an order: Address → Prescription (only with
 * prescription items) → Payment → Confirmed. The checkout page's stepper and view and the order
 * pages read it from here, so both screens agree on where an order stands.
 */
export type OrderProcessStepId = 'address' | 'prescription' | 'payment' | 'confirmed';

export interface OrderProcessStep {
  id: OrderProcessStepId;
  label: string;
}

/** The steps in order; `prescriptionOnly` steps are left out for orders without such items. */
export const ORDER_PROCESS_STEPS: readonly (OrderProcessStep & { prescriptionOnly: boolean })[] = [
  { id: 'address', label: 'Address', prescriptionOnly: false },
  { id: 'prescription', label: 'Prescription', prescriptionOnly: true },
  { id: 'payment', label: 'Payment', prescriptionOnly: false },
  { id: 'confirmed', label: 'Confirmed', prescriptionOnly: false },
];

/**
 * The step each status of spec §4 stands at (an order with an address). Everything after payment
 * is past the customer's part; a cancelled order has left the process.
 */
export const ORDER_STATUS_PROCESS_STEP: Readonly<
  Record<OrderStatusId, OrderProcessStepId | 'cancelled'>
> = {
  [ORDER_STATUS.NEW]: 'address',
  [ORDER_STATUS.COLLECTING_ADDRESS]: 'address',
  [ORDER_STATUS.COLLECTING_PRESCRIPTION]: 'prescription',
  [ORDER_STATUS.PAYMENT]: 'payment',
  [ORDER_STATUS.WAITING_TO_ACCEPT]: 'confirmed',
  [ORDER_STATUS.ACCEPTED]: 'confirmed',
  [ORDER_STATUS.PACKING]: 'confirmed',
  [ORDER_STATUS.DISPATCHED]: 'confirmed',
  [ORDER_STATUS.DELIVERED]: 'confirmed',
  [ORDER_STATUS.CANCELLED]: 'cancelled',
};

/** The steps the order goes through: Prescription only when it holds prescription items. */
export function orderProcessSteps(order: { hasPrescriptionItems: boolean }): OrderProcessStep[] {
  return ORDER_PROCESS_STEPS.filter(
    (step) => order.hasPrescriptionItems || !step.prescriptionOnly,
  ).map(({ id, label }) => ({ id, label }));
}

/**
 * Where the order stands (spec §2 / §4): cancelled whatever else; without an address it is at the
 * address step (spec §4 shows it as Collecting Address); otherwise the status's step. A status id
 * the table does not know counts as past the customer's part, like the statuses after payment.
 */
export function orderProcessStep(order: {
  statusId: number;
  addressId: number | null;
}): OrderProcessStepId | 'cancelled' {
  if (order.statusId === ORDER_STATUS.CANCELLED) return 'cancelled';
  if (order.addressId == null) return 'address';
  return ORDER_STATUS_PROCESS_STEP[order.statusId as OrderStatusId] ?? 'confirmed';
}
