import type { InteractionSeverity } from '@pharmacy/shared';
import { userQueryKey } from '../../../lib/query-keys';

/** The admin's drug interaction table (issue 31 point 4), under 'user' so signing out drops it. */
export interface InteractionListParams {
  page: number;
  search: string;
  severity: InteractionSeverity | '';
}

export const adminInteractionKeys = {
  all: [...userQueryKey, 'admin-interactions'] as const,
  list: (query: InteractionListParams) => [...adminInteractionKeys.all, 'list', query] as const,
};
