import { registerAccess } from './access/access.module';
import { registerAddresses } from './addresses/addresses.module';
import { registerAudit } from './audit/audit.module';
import { registerAuth } from './auth/auth.module';
import { registerCart } from './cart/cart.module';
import { registerCatalogCsv } from './catalog-csv/catalog-csv.module';
import { registerCatalog } from './catalog/catalog.module';
import { registerClinical } from './clinical/clinical.module';
import { registerCompliance } from './compliance/compliance.module';
import { registerDelivery } from './delivery/delivery.module';
import { registerDashboard } from './dashboard/dashboard.module';
import { registerInventory } from './inventory/inventory.module';
import { registerInvoices } from './invoices/invoices.module';
import { registerJobs } from './jobs/jobs.module';
import { registerLoyalty } from './loyalty/loyalty.module';
import { registerMedicines } from './medicines/medicines.module';
import type { ModuleContext } from './module';
import { registerNotifications } from './notifications/notifications.module';
import { registerOrders } from './orders/orders.module';
import { registerPatients } from './patients/patients.module';
import { registerPayments } from './payments/payments.module';
import type { TestPaymentProvider } from './payments/test-provider';
import { registerPrescriptions } from './prescriptions/prescriptions.module';
import { registerConsents, registerPrivacy } from './privacy/privacy.module';
import { registerPromotions } from './promotions/promotions.module';
import { registerRefills } from './refills/refills.module';
import { registerRefunds } from './refunds/refunds.module';
import { registerReorder } from './reorder/reorder.module';
import { registerReports } from './reports/reports.module';
import { registerReturns } from './returns/returns.module';
import { registerSeo } from './seo/seo.module';
import { registerShipments } from './shipments/shipments.module';
import { registerSite } from './site/site.module';
import { registerStockAlerts } from './stock-alerts/stock-alerts.module';
import { registerSupportInbox } from './support-inbox/support-inbox.module';
import { registerUsers } from './users/users.module';

/**
 * The modules, each registered by its own function (routes, order-event subscribers, queues), in
 * dependency order: a module is handed only services registered before it. Subscribers of one
 * order event run in this order too, `record` ones before `notify` ones (docs/architecture.md):
 * for a cancellation, stock (inventory), the credit note (invoices), the refund (refunds), points
 * (loyalty), the coupon (promotions); then the audit entry and the mail.
 */
export async function registerModules(
  ctx: ModuleContext,
  options: { testProvider: TestPaymentProvider | undefined; sitemapChunkSize?: number },
) {
  const users = registerUsers(ctx);
  registerAuth(ctx, { users });
  registerAccess(ctx, { users });
  // Issue 32: consents to marketing mail, asked by the site, stock alerts and refills.
  const consents = registerConsents(ctx);
  registerSite(ctx, { consents });
  registerSeo(ctx, { chunkSize: options.sitemapChunkSize });
  registerNotifications(ctx);
  registerAudit(ctx);
  const stockAlerts = registerStockAlerts(ctx, { consents });
  const addresses = registerAddresses(ctx);
  // Issue 31: named and checked by prescriptions, invoices and the interaction check.
  const patients = registerPatients(ctx);
  const inventory = await registerInventory(ctx, { stockAlerts });
  const { compliance, schedules } = await registerCompliance(ctx);
  const catalog = registerCatalog(ctx, { inventory, schedules, stockAlerts });
  // Before the cart and orders: their answers carry the drug interactions (issue 31 point 4).
  const clinical = registerClinical(ctx);
  const cart = registerCart(ctx, { catalog, clinical });
  const delivery = registerDelivery(ctx, { catalog });
  registerMedicines(ctx, { catalog });
  const invoices = registerInvoices(ctx, { compliance });
  const refunds = registerRefunds(ctx);
  const loyalty = registerLoyalty(ctx);
  registerPromotions(ctx, { loyalty });
  const orders = registerOrders(ctx, {
    cart,
    catalog,
    inventory,
    addresses,
    compliance,
    invoices,
    refunds,
    delivery,
    clinical,
    patients,
  });
  registerShipments(ctx, { orders });
  const reorder = registerReorder(ctx, { orders, cart });
  // Before refills: a reminder says until when a saved prescription covers the medicine.
  const { records: prescriptions } = registerPrescriptions(ctx, {
    orders,
    compliance,
    patients,
    clinical,
  });
  registerRefills(ctx, { orders, catalog, reorder, prescriptions, consents });
  registerPayments(ctx, { orders, refunds, testProvider: options.testProvider });
  registerReports(ctx);
  registerCatalogCsv(ctx, { catalog, schedules, stockAlerts });
  const inbox = registerSupportInbox(ctx);
  const returnsAdmin = registerReturns(ctx, { refunds, invoices });
  registerDashboard(ctx, { inventory, inbox, returnsAdmin });
  registerJobs(ctx);
  registerPrivacy(ctx, { consents });
  return { users, refunds };
}
