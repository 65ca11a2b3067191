import { userQueryKey } from '../../../lib/auth';

/** Return request keys, under 'user' so signing out drops them. */
export const returnKeys = {
  all: [...userQueryKey, 'returns'] as const,
  order: (orderId: number) => [...returnKeys.all, 'order', orderId] as const,
  queue: (params: object) => [...returnKeys.all, 'queue', params] as const,
  one: (id: number) => [...returnKeys.all, 'one', id] as const,
};
