import type { ClinicalService } from '../clinical/clinical.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { ModuleContext } from '../module';
import type { OrdersService } from '../orders/orders.service';
import type { PatientsService } from '../patients/patients.service';
import { prescriptionRecordsRoutes } from './prescription-records.routes';
import { createPrescriptionRecordsService } from './prescription-records.service';
import { prescriptionsRoutes } from './prescriptions.routes';
import { createPrescriptionsService } from './prescriptions.service';

/**
 * Prescription uploads and the pharmacist's review (steps of the order's lifecycle), and the
 * saved prescriptions transcribed on approval (issue 31): units counted on them are given back
 * when the order is cancelled or its prescription rejected, in that change's transaction.
 */
export function registerPrescriptions(
  ctx: ModuleContext,
  deps: {
    orders: OrdersService;
    compliance: ComplianceService;
    patients: PatientsService;
    clinical: ClinicalService;
  },
) {
  const records = createPrescriptionRecordsService({
    db: ctx.db,
    orders: deps.orders,
    compliance: deps.compliance,
    patients: deps.patients,
    validity: ctx.config.prescriptionValidity,
    now: ctx.now,
  });
  const prescriptions = createPrescriptionsService({
    db: ctx.db,
    storage: ctx.storage,
    ...deps,
    records,
  });
  ctx.orderEvents.on('order.cancelled', (tx, event) => records.releaseOrder(tx, event.order.id));
  ctx.orderEvents.on('order.prescription_decided', async (tx, event) => {
    if (!event.approved) await records.releaseOrder(tx, event.order.id);
  });
  ctx.routes(prescriptionsRoutes, { prescriptions });
  ctx.routes(prescriptionRecordsRoutes, { records });
  return { records };
}
