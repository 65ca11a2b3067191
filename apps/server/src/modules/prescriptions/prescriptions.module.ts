import type { ComplianceService } from '../compliance/compliance.service';
import type { ModuleContext } from '../module';
import type { OrdersService } from '../orders/orders.service';
import { prescriptionsRoutes } from './prescriptions.routes';
import { createPrescriptionsService } from './prescriptions.service';

/** Prescription uploads and the pharmacist's review (steps of the order's lifecycle). */
export function registerPrescriptions(
  ctx: ModuleContext,
  deps: { orders: OrdersService; compliance: ComplianceService },
) {
  const prescriptions = createPrescriptionsService({ db: ctx.db, storage: ctx.storage, ...deps });
  ctx.routes(prescriptionsRoutes, { prescriptions });
}
