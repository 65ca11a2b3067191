import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  can,
  loyaltyQuerySchema,
  loyaltySummarySchema,
} from '@pharmacy/shared';
import { NotFoundError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import type { LoyaltyService } from './loyalty.service';

const tags = ['loyalty points'];

/** Issue 19: the member's Rewards page; an admin may look at any member's points. */
export const loyaltyRoutes: FastifyPluginAsyncZod<{ loyalty: LoyaltyService }> = async (
  app,
  { loyalty },
) => {
  app.get(
    '/loyalty',
    {
      config: { access: 'user' as const },
      schema: {
        tags,
        summary:
          'My loyalty points: balance and its value, points lapsing in the next 30 days, a page of history (newest first) and the programme; admins may pass userId',
        querystring: loyaltyQuerySchema,
        response: {
          200: loyaltySummarySchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { userId, page } = request.query;
      // Another member's points are 'not found' to a member, never 'forbidden'.
      if (userId !== undefined && userId !== session.userId) {
        if (!can(session.roleId, 'customers.view') || !(await loyalty.memberExists(userId)))
          throw new NotFoundError('No member found.');
      }
      return loyalty.summary(userId ?? session.userId, page);
    },
  );
};
