import { can, type DashboardResponse, type Permission } from '@pharmacy/shared';

type Queues = DashboardResponse['queues'];

/** Issue 32: who works each queue; a role sees the counts of the queues it can work. */
const QUEUE_PERMISSIONS: Record<keyof Queues, Permission> = {
  prescriptionReview: 'prescriptions.review',
  approved: 'orders.fulfil',
  packing: 'orders.fulfil',
  overdue: 'orders.view',
  dueToday: 'orders.fulfil',
  late: 'orders.view',
  openContactMessages: 'support.inbox',
  openReturns: 'returns.manage',
};

/** The dashboard as one role may see it: its queues, and the figures and lists it may read. */
export function dashboardFor(roleId: number, full: DashboardResponse): DashboardResponse {
  const queues: Queues = {};
  for (const key of Object.keys(QUEUE_PERMISSIONS) as (keyof Queues)[])
    if (can(roleId, QUEUE_PERMISSIONS[key])) queues[key] = full.queues[key];
  const { generatedAt, timeZone, today } = full;
  return {
    generatedAt,
    timeZone,
    today,
    queues,
    ...(can(roleId, 'reports.view')
      ? {
          periods: full.periods,
          daily: full.daily,
          ordersByStatus: full.ordersByStatus,
          topProductsByUnits: full.topProductsByUnits,
          topProductsByRevenue: full.topProductsByRevenue,
        }
      : {}),
    ...(can(roleId, 'inventory.manage')
      ? {
          lowStock: full.lowStock,
          lowStockCount: full.lowStockCount,
          nearExpiry: full.nearExpiry,
          nearExpiryCount: full.nearExpiryCount,
        }
      : {}),
  };
}
