import type { ModuleContext } from '../module';
import { patientsRoutes } from './patients.routes';
import { createPatientsService } from './patients.service';

/**
 * The member's patients (issue 31 point 1). Registered before the modules that name or check
 * them: prescriptions (upload, approval, saved prescriptions), invoices and the interaction check
 * (patientForOrder, allergiesOf).
 */
export function registerPatients(ctx: ModuleContext) {
  const patients = createPatientsService({ db: ctx.db, now: ctx.now });
  ctx.routes(patientsRoutes, { patients });
  return patients;
}
