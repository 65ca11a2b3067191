import { z } from 'zod';
import { shipmentListSchema } from '@pharmacy/shared';

/** Response schemas of the shipment endpoints, loaded on demand (zod is not in the first download). */
export { courierListSchema, shipmentListSchema } from '@pharmacy/shared';

export const messageAndShipmentsSchema = shipmentListSchema.extend({ message: z.string() });
