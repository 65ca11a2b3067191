import type { ModuleContext } from '../module';
import { addressesRoutes } from './addresses.routes';
import { createAddressesService } from './addresses.service';

/** The member's address book. */
export function registerAddresses(ctx: ModuleContext) {
  const addresses = createAddressesService(ctx.db);
  ctx.routes(addressesRoutes, { addresses });
  return addresses;
}
