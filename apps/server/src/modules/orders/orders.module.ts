import type { AddressesService } from '../addresses/addresses.service';
import type { CartService } from '../cart/cart.service';
import type { DeliveryService } from '../delivery/delivery.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { ClinicalService } from '../clinical/clinical.service';
import type { PatientsService } from '../patients/patients.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { InventoryService } from '../inventory/inventory.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { ModuleContext } from '../module';
import type { RefundsService } from '../refunds/refunds.service';
import { afterSalesRoutes } from './after-sales.routes';
import { ordersRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';

/**
 * The order's life (issue 27): placing, every status change, the one cancellation, the owner's
 * after-sales. It publishes the order events; the modules that react registered before it.
 */
export function registerOrders(
  ctx: ModuleContext,
  deps: {
    cart: CartService;
    catalog: CatalogService;
    inventory: InventoryService;
    addresses: AddressesService;
    compliance: ComplianceService;
    invoices: InvoicesService;
    refunds: RefundsService;
    delivery: DeliveryService;
    clinical: ClinicalService;
    patients: PatientsService;
  },
) {
  const orders = createOrdersService({
    db: ctx.db,
    events: ctx.orderEvents,
    ...deps,
    policy: ctx.config.afterSales,
    cashOnDelivery: {
      maxMinor: ctx.config.codMaxOrderValueMinor,
      currencySymbol: ctx.config.currencySymbol,
    },
    prescriptionValidity: ctx.config.prescriptionValidity,
    onStockChanged: ctx.catalogueChanged,
    now: ctx.now,
  });
  ctx.routes(ordersRoutes, { orders });
  ctx.routes(afterSalesRoutes, { aftersales: orders.afterSales });
  return orders;
}
