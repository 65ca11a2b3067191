import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { h1RegisterResponseSchema, type H1RegisterQuery } from '@pharmacy/shared';
import { api, buildUrl } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

export type H1RegisterParams = Pick<H1RegisterQuery, 'from' | 'to' | 'page'>;
export type H1RegisterResponse = z.infer<typeof h1RegisterResponseSchema>;

export const H1_REGISTER_PAGE_SIZE = 50;

/**
 * GET /api/compliance/register (admin, issue 16): the Schedule H1 register, one row per
 * dispatched line and batch, for dispatches between `from` and `to` (yyyy-MM-dd, both included).
 */
export function getH1Register(
  params: H1RegisterParams,
  signal?: AbortSignal,
): Promise<H1RegisterResponse> {
  return api.get('/compliance/register', {
    params: { ...params, pageSize: H1_REGISTER_PAGE_SIZE },
    schema: h1RegisterResponseSchema,
    signal,
  });
}

/** GET /api/compliance/register.csv: the same rows for the range, as a CSV attachment. */
export function h1RegisterCsvUrl(range: Pick<H1RegisterQuery, 'from' | 'to'>): string {
  return buildUrl('/compliance/register.csv', { from: range.from, to: range.to });
}

export const h1RegisterQueryOptions = (params: H1RegisterParams) =>
  queryOptions({
    queryKey: complianceKeys.register(params),
    queryFn: ({ signal }) => getH1Register(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useH1Register(params: H1RegisterParams | null) {
  return useQuery({
    ...h1RegisterQueryOptions(params ?? { from: '', to: '', page: 1 }),
    enabled: params !== null,
  });
}
