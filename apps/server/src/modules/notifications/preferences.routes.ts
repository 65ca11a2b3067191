import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, mailPreferencesSchema } from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { NotFoundError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';

const tags = ['users'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const user = { access: 'user' as const };
const USER_NOT_FOUND = 'User not found.';

/** The e-mails a customer may turn off (issue 17): the order progress mails. */
export const mailPreferencesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/user/mail-preferences',
    {
      config: user,
      schema: {
        tags,
        summary: 'Which optional e-mails the signed-in user gets',
        response: { 200: mailPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ orderProgressMails: users.orderProgressMails })
        .from(users)
        .where(eq(users.id, requireSession(request).userId));
      if (!row) throw new NotFoundError(USER_NOT_FOUND);
      return row;
    },
  );

  app.put(
    '/user/mail-preferences',
    {
      config: user,
      schema: {
        tags,
        summary:
          'Turn the optional e-mails on or off (order confirmations, cancellations and prescription rejections are always sent)',
        body: mailPreferencesSchema.strict(),
        response: {
          200: z.object({ message: z.string(), preferences: mailPreferencesSchema }),
          ...errors,
        },
      },
    },
    async (request) => {
      const [row] = await db
        .update(users)
        .set({ orderProgressMails: request.body.orderProgressMails })
        .where(eq(users.id, requireSession(request).userId))
        .returning({ orderProgressMails: users.orderProgressMails });
      if (!row) throw new NotFoundError(USER_NOT_FOUND);
      return { message: 'Your e-mail choices are saved.', preferences: row };
    },
  );
};
