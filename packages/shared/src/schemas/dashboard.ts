import { z } from 'zod';
import { lowStockItemSchema, nearExpiryItemSchema } from './inventory';

const count = z.number().int().min(0);
const day = z.string().describe('A shop day (India), yyyy-MM-dd');

/**
 * Work waiting on the pharmacy now; each count links to the filtered order list. Issue 32: a
 * count is left out for a role that cannot work that queue.
 */
export const dashboardQueuesSchema = z.object({
  /** Waiting To Accept: prescriptions for the pharmacist to review. */
  prescriptionReview: count.optional(),
  /** Accepted: prescriptions approved, packing not started yet. */
  approved: count.optional(),
  /** Packing: paid or approved orders to pack and hand to the courier. */
  packing: count.optional(),
  /** Past their expected delivery date and neither Delivered nor Cancelled. */
  overdue: count.optional(),
  /**
   * Issue 29: not dispatched yet (Waiting To Accept, Accepted, Packing) and promised for today in
   * India (rules/dashboard, dispatchQueueFilter); links to `?dueToday=true`.
   */
  dueToday: count.optional(),
  /**
   * Issue 29: not dispatched yet, or Dispatched and not delivered, and promised before today in
   * India; never in Due today. Links to `?late=true`.
   */
  late: count.optional(),
  /** Contact messages nobody has marked handled yet; links to the admin inbox. */
  openContactMessages: count.optional(),
  /** Return requests and damage reports still to handle (issue 19); links to the returns queue. */
  openReturns: count.optional(),
});

export const periodFiguresSchema = z.object({
  revenueMinor: count,
  orders: count,
  averageOrderValueMinor: count.nullable(),
  newCustomers: count,
  cancelledOrders: count,
  cancellationRate: z.number().min(0).max(1).nullable(),
  /** Issue 29: orders delivered in the period (India's days) that had a promised date. */
  deliveredOrders: count,
  /** Those delivered on or before their promised date, the delivery's day read in India. */
  deliveredOnTime: count,
  /** deliveredOnTime ÷ deliveredOrders to 0.1 % (rules/dashboard onTimeRate); null without any. */
  onTimeRate: z.number().min(0).max(1).nullable(),
});

export const dashboardPeriodSchema = z.object({
  /** 1, 7 or 30 (DASHBOARD_PERIOD_DAYS). */
  days: z.number().int(),
  from: day,
  to: day,
  previousFrom: day,
  previousTo: day,
  current: periodFiguresSchema,
  previous: periodFiguresSchema,
});
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;

export const dashboardTopProductSchema = z.object({
  /** Null once the product has been deleted; the line keeps the name it was sold under. */
  productId: z.number().int().nullable(),
  name: z.string(),
  units: count,
  revenueMinor: count,
});
export type DashboardTopProduct = z.infer<typeof dashboardTopProductSchema>;

/** Issue 18 point 1: GET /api/dashboard, the operations dashboard (staff). Money in paise. */
export const dashboardResponseSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  today: day,
  queues: dashboardQueuesSchema,
  /** Issue 32: the figures are reports.view's, the stock lists inventory.manage's. */
  periods: z.array(dashboardPeriodSchema).optional(),
  /** The last 30 shop days, oldest first, every day present (0 on a day without orders). */
  daily: z.array(z.object({ day, orders: count, revenueMinor: count })).optional(),
  /** Orders placed in the last 30 shop days by their status now. */
  ordersByStatus: z.array(z.object({ statusId: z.number().int(), orders: count })).optional(),
  topProductsByUnits: z.array(dashboardTopProductSchema).optional(),
  topProductsByRevenue: z.array(dashboardTopProductSchema).optional(),
  lowStock: z.array(lowStockItemSchema).optional(),
  lowStockCount: count.optional(),
  nearExpiry: z.array(nearExpiryItemSchema).optional(),
  nearExpiryCount: count.optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
