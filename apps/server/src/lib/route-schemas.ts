import { z } from 'zod';
import { errorResponseSchema } from '@pharmacy/shared';

/** A path parameter that is a row id: a positive whole number, as every `/:id` route takes it. */
export const idParamsOf = <Name extends string>(name: Name) =>
  z.object({ [name]: z.coerce.number().int().positive() } as Record<Name, z.ZodCoercedNumber>);

export const idParams = idParamsOf('id');
export const orderIdParams = idParamsOf('orderId');

/** The error answers a route documents, each with the one error body (plugins/errors.ts). */
export function errorResponses<Code extends number>(
  ...codes: Code[]
): Record<Code, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<
    Code,
    typeof errorResponseSchema
  >;
}
