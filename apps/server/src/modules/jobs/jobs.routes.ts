import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  jobListQuerySchema,
  jobListResponseSchema,
  jobParamsSchema,
  messageResponseSchema,
} from '@pharmacy/shared';
import { NotFoundError } from '../../lib/errors';
import type { JobQueue } from './job-queue';
import { errorResponses } from '../../lib/route-schemas';

const tags = ['jobs'];
const errors = errorResponses(400, 401, 403);
const admin = { access: 'settings.manage' as const };

/** A line a person can read about what a job does (mail: kind, subject and recipient). */
function describe(data: unknown, queue: string): string {
  const fields = (data ?? {}) as Record<string, unknown>;
  if (typeof fields.subject === 'string' && typeof fields.to === 'string')
    return `${String(fields.kind ?? 'mail')}: “${fields.subject}” to ${fields.to}`;
  if (typeof fields.productId === 'number') return `Product #${fields.productId}`;
  return queue;
}

/** The background work for administrators: counts per queue, failed jobs, and a retry. */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: JobQueue }> = async (app, { jobs }) => {
  app.get(
    '/jobs',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Background jobs: counts per queue, and the jobs in one state (failed by default)',
        querystring: jobListQuerySchema,
        response: { 200: jobListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const [queues, list] = await Promise.all([jobs.counts(), jobs.list(request.query.state)]);
      // The job's data (a whole mail) stays on the server; people see what it is about.
      return {
        queues,
        jobs: list.map(({ data: _data, ...job }) => ({
          ...job,
          summary: describe(_data, job.queue),
        })),
      };
    },
  );

  app.post(
    '/jobs/:queue/:id/retry',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Put a failed job back in line',
        params: jobParamsSchema,
        response: { 200: messageResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await jobs.retry(request.params.queue, request.params.id)))
        throw new NotFoundError('No failed job with this id.');
      return { message: 'The job will be tried again.' };
    },
  );
};
