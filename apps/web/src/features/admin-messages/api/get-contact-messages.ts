import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  contactMessageListResponseSchema,
  type ContactMessageListQuery,
  type ContactMessageListResponse,
} from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { contactMessageKeys } from './contact-message-keys';

/** GET /api/contact-messages (admin): one tab's page, newest first, and the open count. */
export function getContactMessages(
  params: ContactMessageListQuery,
  signal?: AbortSignal,
): Promise<ContactMessageListResponse> {
  return api.get('/contact-messages', {
    params: { ...params },
    schema: contactMessageListResponseSchema,
    signal,
  });
}

export const contactMessagesQueryOptions = (params: ContactMessageListQuery) =>
  queryOptions({
    queryKey: contactMessageKeys.list(params),
    queryFn: ({ signal }) => getContactMessages(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useContactMessages(params: ContactMessageListQuery) {
  return useQuery(contactMessagesQueryOptions(params));
}
