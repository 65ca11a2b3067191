import type { FastifyInstance } from 'fastify';
import { DEMO_ADMIN } from './config/env';
import { seedDemoCatalogue } from './db/seed/seed-demo';
import { ensureAdminAccount, givePharmacistNumber } from './modules/users/users.service';

/** A made-up registration number in the format of a state pharmacy council's register. */
export const DEMO_PHARMACIST_NUMBER = 'KA/PH/2019/04512';

export interface StartupSummary {
  demoAdmin: { email: string; password: string } | undefined;
  seededProducts: number;
}

/**
 * First-start data: the admin account of DECISIONS (ADMIN_EMAIL/ADMIN_PASSWORD, or the demo admin
 * in local mode) and the demo catalogue on an empty database when SEED_DEMO is on.
 */
export async function prepareData(app: FastifyInstance): Promise<StartupSummary> {
  const { config } = app;
  if (config.admin) await ensureAdminAccount(app.db.db, config.admin);
  let seededProducts = 0;
  if (config.seedDemo) {
    const result = await seedDemoCatalogue(app.db.db, { storage: app.storage });
    if (result.seeded) {
      seededProducts = result.products;
      app.log.info({ products: result.products }, 'demo catalogue seeded');
    }
  }
  const usesDemoAdmin =
    config.admin?.email === DEMO_ADMIN.email && config.admin.password === DEMO_ADMIN.password;
  // The demo admin is also the demo pharmacist, so prescriptions can be reviewed out of the box.
  if (usesDemoAdmin)
    await givePharmacistNumber(app.db.db, DEMO_ADMIN.email, DEMO_PHARMACIST_NUMBER);
  return { demoAdmin: usesDemoAdmin ? config.admin : undefined, seededProducts };
}
