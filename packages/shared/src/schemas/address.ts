import { z } from 'zod';
import { fieldRequired } from '../constants/messages';

const required = (label: string, max = 200) =>
  z
    .string({ error: fieldRequired(label) })
    .trim()
    .min(1, fieldRequired(label))
    .max(max);

/** Spec §3 / §5 address; country is fixed to India (DECISIONS). */
export const addressInputSchema = z.object({
  name: required('Name', 120),
  phone: required('Phone', 20),
  street: required('Street', 300),
  city: required('City', 120),
  state: required('State', 120),
  country: z.literal('India', { error: 'Country must be India' }).default('India'),
  pinCode: required('Pin Code', 6).regex(/^\d{6}$/, 'Pin Code must be 6 digits'),
  alternatePhone: z.string().trim().max(20).optional().nullable(),
  isPrimary: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pinCode: z.string(),
  alternatePhone: z.string().nullable(),
  isPrimary: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListResponseSchema = z.object({ addressList: z.array(addressSchema) });
export const addressResponseSchema = z.object({ address: addressSchema });
export const saveAddressResponseSchema = z.object({
  addressId: z.number().int(),
  message: z.string(),
});
