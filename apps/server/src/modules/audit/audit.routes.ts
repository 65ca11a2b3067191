import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditListQuerySchema,
  auditListResponseSchema,
  auditVerifyResponseSchema,
  healthAccessListResponseSchema,
  healthAccessQuerySchema,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { listAudit, verifyAuditChain } from './audit.service';
import { listHealthAccess } from './health-access.service';
import { errorResponses } from '../../lib/route-schemas';

const tags = ['audit'];
const errors = errorResponses(400, 401, 403);
const admin = { access: 'audit.view' as const };

/** The audit trail for administrators: the log, and a check of its hash chain. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/audit',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Audit log entries, newest first, optionally of one action or entity',
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errors },
      },
    },
    async (request) => listAudit(db, request.query),
  );

  app.get(
    '/audit/verify',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Recompute the audit chain: the entries checked, the head hash, or the first entry that no longer matches',
        response: { 200: auditVerifyResponseSchema, ...errors },
      },
    },
    async () => {
      const result = await verifyAuditChain(db);
      return { ...result, checkedAt: new Date().toISOString() };
    },
  );

  app.get(
    '/audit/health-access',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Health-data access log: who opened which customer's prescription files, prescriptions or patient record, newest first; by person and by customer",
        querystring: healthAccessQuerySchema,
        response: { 200: healthAccessListResponseSchema, ...errors },
      },
    },
    async (request) => listHealthAccess(db, request.query),
  );
};
