import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRUG_INTERACTION_MESSAGES,
  drugInteractionListSchema,
  drugInteractionWriteResponseSchema,
} from '@pharmacy/shared';
import { auditLog } from '../src/db/schema/index';
import { createClinicalService } from '../src/modules/clinical/clinical.service';
import { createAdmin, createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const row = {
  ingredientA: 'Clopidogrel',
  ingredientB: 'Omeprazole',
  severity: 'moderate',
  effect: 'Omeprazole lowers the activation of clopidogrel.',
  advice: 'Prefer pantoprazole.',
  source: 'Stockley',
};

/** Issue 31 point 4: the drug interaction table. */
describe(`drug interactions (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    admin = await createAdmin(t);
    member = await createUser(t);
  });
  afterAll(async () => t.close());

  function call(
    user: TestUser | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({
      method,
      url,
      headers: user?.auth ?? {},
      ...(payload ? { payload } : {}),
    });
  }

  it('refuses anonymous visitors and members', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/drug-interactions', undefined],
      ['POST', '/api/drug-interactions', row],
      ['PUT', '/api/drug-interactions/1', row],
      ['DELETE', '/api/drug-interactions/1', undefined],
    ] as const) {
      expect((await call(undefined, method, url, payload)).statusCode).toBe(401);
      expect((await call(member, method, url, payload)).statusCode).toBe(403);
    }
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'the same ingredient twice',
      { ingredientB: ' CLOPIDOGREL ' },
      DRUG_INTERACTION_MESSAGES.sameIngredient,
    ],
    ['an unknown severity', { severity: 'severe' }, DRUG_INTERACTION_MESSAGES.severity],
    ['no advice', { advice: ' ' }, DRUG_INTERACTION_MESSAGES.advice],
  ])('refuses %s with its sentence', async (_name, change, message) => {
    const response = await call(admin, 'POST', '/api/drug-interactions', { ...row, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('adds, refuses the pair again in either order, edits, lists and deletes, each audited', async () => {
    const created = await call(admin, 'POST', '/api/drug-interactions', row);
    expect(created.statusCode, created.body).toBe(201);
    const { interaction } = drugInteractionWriteResponseSchema.parse(created.json());
    expect(interaction).toMatchObject({ ingredientA: 'Clopidogrel', severity: 'moderate' });

    for (const [a, b] of [
      ['omeprazole', 'CLOPIDOGREL'],
      [' Clopidogrel', 'Omeprazole '],
    ]) {
      const again = await call(admin, 'POST', '/api/drug-interactions', {
        ...row,
        ingredientA: a,
        ingredientB: b,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: DRUG_INTERACTION_MESSAGES.duplicate });
    }

    const other = await call(admin, 'POST', '/api/drug-interactions', {
      ...row,
      ingredientA: 'Aspirin',
      ingredientB: 'Clopidogrel',
      severity: 'major',
      source: '',
    });
    expect(other.statusCode, other.body).toBe(201);
    const otherId = drugInteractionWriteResponseSchema.parse(other.json()).interaction.id;
    // Editing the second row into the first one's pair is refused too.
    const clash = await call(admin, 'PUT', `/api/drug-interactions/${otherId}`, {
      ...row,
      ingredientA: 'Omeprazole',
      ingredientB: 'Clopidogrel',
    });
    expect(clash.statusCode).toBe(409);

    const edited = await call(admin, 'PUT', `/api/drug-interactions/${interaction.id}`, {
      ...row,
      severity: 'major',
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const list = drugInteractionListSchema.parse(
      (await call(admin, 'GET', '/api/drug-interactions?search=omepra&severity=major')).json(),
    );
    expect(list.interactions.map((i) => i.id)).toEqual([interaction.id]);
    expect(list.pagination).toMatchObject({ page: 1, rowCount: 1, pageCount: 1 });
    const minor = drugInteractionListSchema.parse(
      (await call(admin, 'GET', '/api/drug-interactions?severity=minor')).json(),
    );
    expect(minor.interactions).toEqual([]);

    expect((await call(admin, 'DELETE', `/api/drug-interactions/${otherId}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/drug-interactions/${otherId}`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `/api/drug-interactions/${otherId}`, row)).statusCode).toBe(
      404,
    );

    const entries = await t.database.db
      .select({ action: auditLog.action, entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'drug_interaction'))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'interaction.created',
      'interaction.created',
      'interaction.updated',
      'interaction.deleted',
    ]);
    expect(entries[2]?.details).toMatchObject({
      before: { severity: 'moderate' },
      after: { severity: 'major' },
    });
  });

  it('is in the OpenAPI document with the answers it gives', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    };
    for (const [path, method, statuses] of [
      ['/api/drug-interactions', 'get', ['200', '400', '401', '403']],
      ['/api/drug-interactions', 'post', ['201', '400', '401', '403', '409']],
      ['/api/drug-interactions/{id}', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/drug-interactions/{id}', 'delete', ['200', '400', '401', '403', '404']],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags, path).toEqual(['clinical']);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining([...statuses]),
      );
    }
  });

  it('interactionsFor reads the table once and sees a change made elsewhere once told', async () => {
    // A second service over the same database stands for another app instance; its forget() is
    // what the change feed calls there (clinical.module.ts).
    const elsewhere = createClinicalService({ db: t.database.db });
    const lines = ['Clopidogrel (75mg)', 'Omeprazole (20mg) + Domperidone (10mg)'];
    const before = await elsewhere.interactionsFor(lines);
    expect(before.map((found) => [found.ingredientA, found.ingredientB, found.severity])).toEqual([
      ['Clopidogrel', 'Omeprazole', 'major'],
    ]);
    const list = drugInteractionListSchema.parse(
      (await call(admin, 'GET', '/api/drug-interactions')).json(),
    );
    const id = list.interactions[0]?.id;
    await call(admin, 'PUT', `/api/drug-interactions/${id}`, { ...row, severity: 'minor' });
    expect((await elsewhere.interactionsFor(lines))[0]?.severity).toBe('major');
    elsewhere.forget();
    expect((await elsewhere.interactionsFor(lines))[0]?.severity).toBe('minor');
    // Within one combination product nothing is found.
    expect(await elsewhere.interactionsFor(['Aspirin (75mg) + Clopidogrel (75mg)'])).toEqual([]);
  });
});
