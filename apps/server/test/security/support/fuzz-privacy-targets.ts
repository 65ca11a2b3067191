import fc from 'fast-check';
import {
  consentsUpdateSchema,
  deleteAccountSchema,
  healthAccessQuerySchema,
  unsubscribeOneClickQuerySchema,
  unsubscribeSchema,
} from '@pharmacy/shared';
import { jsonBody, type FuzzBody, type FuzzTarget } from './fuzz';
import { hostileQueryArbitrary } from './schema-arbitrary';

/**
 * Issue 32: the customer's privacy routes (consents, deletion, the mail links' unsubscribe) and
 * the owner's health-data access log. Deleting the account is fuzzed as member A, whose password
 * a generated body never holds: every answer is a refusal, and a refusal writes nothing.
 */
export const PRIVACY_TARGETS: readonly FuzzTarget[] = [
  {
    route: 'PUT /api/user/consents',
    group: 'account',
    actors: ['memberA'],
    body: () => jsonBody(consentsUpdateSchema, { validWeight: 2 }),
  },
  {
    route: 'POST /api/user/delete-account',
    group: 'account',
    actors: ['memberA'],
    body: () => jsonBody(deleteAccountSchema),
  },
  {
    route: 'POST /api/unsubscribe',
    group: 'forms',
    actors: ['anonymous'],
    body: () => jsonBody(unsubscribeSchema, { validWeight: 2 }),
  },
  {
    route: 'POST /api/unsubscribe/one-click',
    group: 'forms',
    actors: ['anonymous'],
    query: hostileQueryArbitrary(unsubscribeOneClickQuerySchema),
    body: () =>
      fc.constantFrom<FuzzBody>(
        {
          kind: 'raw',
          text: 'List-Unsubscribe=One-Click',
          contentType: 'application/x-www-form-urlencoded',
        },
        { kind: 'raw', text: '', contentType: 'application/x-www-form-urlencoded' },
        { kind: 'raw', text: 'x'.repeat(5000), contentType: 'application/x-www-form-urlencoded' },
      ),
  },
  {
    route: 'GET /api/audit/health-access',
    group: 'admin',
    actors: ['admin'],
    query: hostileQueryArbitrary(healthAccessQuerySchema),
  },
];
