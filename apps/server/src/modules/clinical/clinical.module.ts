import type { ModuleContext } from '../module';
import { clinicalRoutes } from './clinical.routes';
import { createClinicalService } from './clinical.service';

/**
 * Clinical checks (issue 31 point 4): the drug interaction table and `interactionsFor`, which the
 * cart, the order and the pharmacist's approval will call. The check's in-memory table is dropped
 * on a write here and, through the change feed (the catalogue's version, as the delivery module's
 * calendar does), on every other instance.
 */
export function registerClinical(ctx: ModuleContext) {
  const clinical = createClinicalService({
    db: ctx.db,
    onChanged: ctx.catalogueChanged,
    now: ctx.now,
  });
  ctx.onRemoteCatalogueChange(() => clinical.forget());
  ctx.routes(clinicalRoutes, { clinical });
  return clinical;
}
