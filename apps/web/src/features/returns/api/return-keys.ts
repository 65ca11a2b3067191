import { queryKeyRoots } from '../../../lib/query-keys';

/** Return request keys, under 'user' so signing out drops them. */
export const returnKeys = {
  all: queryKeyRoots.returns,
  order: (orderId: number) => [...returnKeys.all, 'order', orderId] as const,
  queue: (params: object) => [...returnKeys.all, 'queue', params] as const,
  one: (id: number) => [...returnKeys.all, 'one', id] as const,
};
