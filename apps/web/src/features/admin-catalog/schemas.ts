import { z } from 'zod';

/** Response schemas of the catalogue administration calls (spec §7). */
export {
  divisionListResponseSchema,
  drugScheduleListResponseSchema,
  manufacturerListResponseSchema,
  messageResponseSchema,
  productListResponseSchema,
  productSchema,
  saltCompositionListResponseSchema,
} from '@pharmacy/shared';

/** POST/PATCH /product answer `{ id, message }`. */
export const productWriteResponseSchema = z.object({ id: z.number().int(), message: z.string() });

/** POST/PATCH of a division, manufacturer or salt composition answer `{ id, name, message }`. */
export const entryWriteResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  message: z.string(),
});
