import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { jobListResponseSchema, type JOB_STATES, type JobListResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

export type JobState = (typeof JOB_STATES)[number];

/** GET /api/jobs?state= (admin): counts per queue, and the newest jobs in one state. */
export function getJobs(state: JobState, signal?: AbortSignal): Promise<JobListResponse> {
  return api.get('/jobs', { params: { state }, schema: jobListResponseSchema, signal });
}

export const jobsQueryOptions = (state: JobState) =>
  queryOptions({
    queryKey: jobKeys.list(state),
    queryFn: ({ signal }) => getJobs(state, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useJobs(state: JobState) {
  return useQuery(jobsQueryOptions(state));
}
