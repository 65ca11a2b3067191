import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRUG_INTERACTION_CSV_COLUMNS,
  DRUG_INTERACTION_CSV_MESSAGES,
  DRUG_INTERACTION_MESSAGES,
  drugInteractionImportPreviewSchema,
  drugInteractionImportResultSchema,
  drugInteractionListSchema,
} from '@pharmacy/shared';
import { auditLog, drugInteractions } from '../src/db/schema/index';
import { createClinicalService } from '../src/modules/clinical/clinical.service';
import { createAdmin, createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const HEADER = DRUG_INTERACTION_CSV_COLUMNS.join(',');

/** Issue 31 point 4: the interaction table's CSV import (preview, then all or nothing) and export. */
describe(`drug interactions CSV (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    admin = await createAdmin(t);
    member = await createUser(t);
  });
  afterAll(async () => t.close());

  function send(text: string, url: string, user: TestUser | null = admin) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...(user?.auth ?? {}), 'content-type': 'text/csv' },
      payload: text,
    });
  }
  const preview = (text: string) => send(text, '/api/drug-interactions/import/preview');
  const importFile = (text: string) => send(text, '/api/drug-interactions/import');

  const rows = async () =>
    t.database.db
      .select({
        a: drugInteractions.ingredientA,
        b: drugInteractions.ingredientB,
        severity: drugInteractions.severity,
        source: drugInteractions.source,
      })
      .from(drugInteractions)
      .orderBy(asc(drugInteractions.pairKey));
  const importAudit = async () =>
    (
      await t.database.db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.entityType, 'drug_interaction'))
        .orderBy(asc(auditLog.id))
    ).filter((entry) => (entry.details as { imported?: boolean }).imported === true);

  it('refuses anonymous visitors and members', async () => {
    const file = `${HEADER}\nA,B,minor,x,y,\n`;
    for (const url of ['/api/drug-interactions/import/preview', '/api/drug-interactions/import']) {
      expect((await send(file, url, null)).statusCode).toBe(401);
      expect((await send(file, url, member)).statusCode).toBe(403);
    }
    for (const user of [undefined, member]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/drug-interactions.csv',
        headers: user?.auth ?? {},
      });
      expect(response.statusCode).toBe(user ? 403 : 401);
    }
  });

  it.each<[string, string, string]>([
    ['an empty body', '', DRUG_INTERACTION_CSV_MESSAGES.noFile],
    ['a header only of blank lines', '\n\n', DRUG_INTERACTION_CSV_MESSAGES.empty],
    ['an unknown column', 'ingredient_a,ingredient_b,level\n', 'is not an interaction column'],
    ['a missing column', 'ingredient_a,ingredient_b,severity,effect\n', 'needs the columns advice'],
    ['a column twice', `${HEADER},effect\n`, 'named twice'],
    ['an unclosed quote', `${HEADER}\n"A,B`, 'not a CSV file we can read'],
  ])('refuses %s as a whole file (400)', async (_name, text, message) => {
    const response = await preview(text);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('previews the refused rows with their line and writes nothing; the import refuses them too', async () => {
    const file = [
      HEADER,
      'Warfarin,Aspirin,Major,Bleeding risk rises.,Avoid together.,BNF',
      '',
      'Warfarin,Warfarin,minor,x,y,',
      'Metformin,Contrast,unknown,x,y,',
      'Digoxin,Verapamil,severe,x,y,',
      'ASPIRIN,warfarin,minor,Again.,Again.,',
      'Lithium,Ibuprofen,moderate,"Levels rise,',
      'and toxicity follows.",Check levels.,',
      'Sildenafil,Nitrates,major,Hypotension.,,',
      'Too,Many,minor,x,y,z,extra',
    ].join('\n');
    const response = await preview(file);
    expect(response.statusCode, response.body).toBe(200);
    const body = drugInteractionImportPreviewSchema.parse(response.json());
    expect(body).toMatchObject({ creates: 2, updates: 0, unchanged: 0, refusedCount: 6 });
    expect(body.refused).toEqual([
      { line: 4, message: DRUG_INTERACTION_MESSAGES.sameIngredient },
      { line: 5, message: DRUG_INTERACTION_CSV_MESSAGES.unknownLevel },
      { line: 6, message: DRUG_INTERACTION_MESSAGES.severity },
      { line: 7, message: 'The same pair as line 2.' },
      { line: 10, message: DRUG_INTERACTION_MESSAGES.advice },
      { line: 11, message: 'More cells than the 6 columns.' },
    ]);
    // A record quoted over two lines keeps the line it starts on; the level is read in any case.
    expect(body.sample).toEqual([
      {
        line: 2,
        ingredientA: 'Warfarin',
        ingredientB: 'Aspirin',
        severity: 'major',
        action: 'create',
      },
      {
        line: 8,
        ingredientA: 'Lithium',
        ingredientB: 'Ibuprofen',
        severity: 'moderate',
        action: 'create',
      },
    ]);
    const before = await rows();
    const refused = await importFile(file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      `6 rows cannot be imported (first: line 4: ${DRUG_INTERACTION_MESSAGES.sameIngredient}). Nothing was changed.`,
    );
    expect(await rows()).toEqual(before);
  });

  it('imports every row in one go with an audit entry each; the same file again changes nothing; a saved pair in the other order is changed', async () => {
    const file = [
      'severity,ingredient_b,ingredient_a,effect,advice',
      'moderate,Ibuprofen,Lithium,Lithium levels rise.,Check lithium levels.',
      'MAJOR,Nitroglycerin,Sildenafil,Severe hypotension.,Do not take together.',
    ].join('\r\n');
    const first = await importFile(file);
    expect(first.statusCode, first.body).toBe(200);
    expect(drugInteractionImportResultSchema.parse(first.json())).toEqual({
      message: 'Imported: 2 added, 0 changed, 0 unchanged.',
      creates: 2,
      updates: 0,
      unchanged: 0,
    });
    const again = drugInteractionImportResultSchema.parse((await importFile(file)).json());
    expect(again).toMatchObject({ creates: 0, updates: 0, unchanged: 2 });

    const changed = [
      HEADER,
      'ibuprofen,LITHIUM,major,Lithium levels rise.,Avoid; use paracetamol.,Stockley',
      'Sildenafil,Nitroglycerin,major,Severe hypotension.,Do not take together.,',
    ].join('\n');
    const previewed = drugInteractionImportPreviewSchema.parse((await preview(changed)).json());
    expect(previewed).toMatchObject({ creates: 0, updates: 1, unchanged: 1, refusedCount: 0 });
    const applied = drugInteractionImportResultSchema.parse((await importFile(changed)).json());
    expect(applied).toMatchObject({ creates: 0, updates: 1, unchanged: 1 });

    const table = drugInteractionListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/drug-interactions?search=lithium',
          headers: admin.auth,
        })
      ).json(),
    );
    expect(table.interactions).toMatchObject([
      { ingredientA: 'ibuprofen', ingredientB: 'LITHIUM', severity: 'major', source: 'Stockley' },
    ]);
    expect((await importAudit()).map((entry) => entry.action)).toEqual([
      'interaction.created',
      'interaction.created',
      'interaction.updated',
    ]);
    expect((await importAudit())[2]?.details).toMatchObject({
      before: { severity: 'moderate', source: null },
      after: { severity: 'major', source: 'Stockley' },
    });
  });

  it('an import drops the check’s table, so the next check sees the imported pair', async () => {
    const clinical = createClinicalService({ db: t.database.db });
    const lines = ['Clarithromycin (500mg)', 'Simvastatin (20mg)'];
    expect(await clinical.interactionsFor(lines)).toEqual([]);
    await clinical.importCsv(
      Buffer.from(
        `${HEADER}\nClarithromycin,Simvastatin,major,Myopathy risk.,Pause simvastatin.,BNF\n`,
      ),
      admin.id,
    );
    expect((await clinical.interactionsFor(lines)).map((found) => found.severity)).toEqual([
      'major',
    ]);
  });

  it('exports the table in the import’s format, which imports back unchanged', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/drug-interactions.csv',
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('drug-interactions.csv');
    const text = response.body.replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toBe(HEADER);
    expect(text).toContain(
      'ibuprofen,LITHIUM,major,Lithium levels rise.,Avoid; use paracetamol.,Stockley',
    );
    const back = drugInteractionImportPreviewSchema.parse((await preview(response.body)).json());
    expect(back).toMatchObject({ creates: 0, updates: 0, refusedCount: 0 });
    expect(back.unchanged).toBe((await rows()).length);
  });

  it('is in the OpenAPI document with the answers it gives', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    };
    for (const [path, method, statuses] of [
      ['/api/drug-interactions.csv', 'get', ['200', '401', '403']],
      ['/api/drug-interactions/import/preview', 'post', ['200', '400', '401', '403', '413']],
      ['/api/drug-interactions/import', 'post', ['200', '400', '401', '403', '409', '413']],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags, path).toEqual(['clinical']);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining([...statuses]),
      );
    }
  });
});
