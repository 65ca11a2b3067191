import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { paginationSchema } from './common';

/** Spec §3 user list item. */
export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
  roleId: z.number().int(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListResponseSchema = z.object({
  userList: z.array(userListItemSchema),
  pagination: paginationSchema,
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** Spec §7 GET /user/getAllUser: search, page, page size (default 200). */
export const userListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.userPageSize).default(LIMITS.userPageSize),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
