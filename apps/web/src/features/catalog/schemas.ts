import { z } from 'zod';
import { productSchema } from '@pharmacy/shared';

/**
 * Response schemas of the catalogue endpoints, loaded on demand by the api/ fetchers
 * (SchemaSource in lib/api-client), so zod is not part of the first download. They are the
 * shared schemas the server answers with (packages/shared/src/schemas/catalog.ts).
 */
export {
  divisionListResponseSchema,
  manufacturerListResponseSchema,
  messageResponseSchema,
  productListResponseSchema,
  productSchema,
  saltCompositionListResponseSchema,
  searchTermFormSchema,
  stockAlertStatusSchema,
  substitutesResponseSchema,
} from '@pharmacy/shared';

/** GET /api/product/top-selling answers `{ productList }` without pagination. */
export const topSellingResponseSchema = z.object({ productList: z.array(productSchema) });
