import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDICINE_MESSAGES,
  MEDICINE_PRODUCTS_SHOWN,
  MESSAGES,
  medicineAdminListSchema,
  medicineListSchema,
  medicinePageSchema,
  type MedicineContent,
} from '@pharmacy/shared';
import { auditLog, saltCompositions } from '../src/db/schema/index';
import { createBasics, createProduct, createSalt, type CatalogBasics } from './catalog-factories';
import { createAdmin, createUser, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

const content: MedicineContent = {
  summary: 'A pain reliever and fever reducer.',
  uses: ['Fever', 'Headache'],
  howItWorks: 'It lowers the chemical messengers that cause pain and fever.',
  sideEffectsCommon: ['Nausea'],
  sideEffectsSerious: ['Liver damage in overdose'],
  safety: {
    alcohol: { level: 'unsafe', advice: 'Avoid alcohol: it adds to the risk to the liver.' },
    pregnancy: { level: 'safe-if-prescribed', advice: 'Use the lowest dose your doctor advises.' },
    breastfeeding: { level: 'safe', advice: 'Passes into milk in small amounts.' },
    driving: { level: 'not-applicable', advice: 'It does not affect driving.' },
    kidney: { level: 'caution', advice: 'A lower dose may be needed.' },
    liver: { level: 'consult-doctor', advice: 'Ask your doctor before using it.' },
  },
  howToTake: 'Swallow with water, with or without food.',
  missedDose: 'Take it when you remember; never take two doses at once.',
  storage: 'Below 30°C, away from light.',
  interactions: [
    {
      with: 'Warfarin',
      severity: 'moderate',
      effect: 'Regular use may raise the INR.',
      advice: 'Tell your doctor if you take warfarin.',
    },
  ],
};

/** Issue 30 point 5: medicine information pages, drafts and the pharmacist's review. */
describe(`medicine information (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  let member: TestUser;
  let slug: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    const db = t.database.db;
    const salt = await createSalt(db, 'Paracetamol (650mg)');
    basics = { ...(await createBasics(db)), saltCompositionId: salt.id };
    slug = salt.slug;
    admin = await createAdmin(t);
    member = await createUser(t);
  });
  afterAll(async () => t.close());

  function call(
    user: TestUser | undefined,
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
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
  const page = async (of = slug) => {
    const response = await call(undefined, 'GET', `/api/medicines/${of}`);
    expect(response.statusCode, response.body).toBe(200);
    return medicinePageSchema.parse(response.json());
  };

  it('makes the slug from the name, de-duplicates it, and keeps it on rename', async () => {
    expect(slug).toBe('paracetamol-650mg');
    const twin = await createSalt(t.database.db, 'Paracetamol 650mg');
    expect(twin.slug).toBe('paracetamol-650mg-2');
    const created = await call(admin, 'POST', '/api/saltComposition', {
      name: 'Ibuprofen (400 mg)',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const slugOf = async () =>
      (
        await t.database.db
          .select({ slug: saltCompositions.slug })
          .from(saltCompositions)
          .where(eq(saltCompositions.id, id))
      )[0]?.slug;
    expect(await slugOf()).toBe('ibuprofen-400-mg');
    const renamed = await call(admin, 'PATCH', `/api/saltComposition/${id}`, {
      name: 'Ibuprofen (400mg) tablets',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await slugOf()).toBe('ibuprofen-400-mg');
  });

  it('answers 404 with a sentence for an unknown slug, 400 for a malformed one', async () => {
    const missing = await call(undefined, 'GET', '/api/medicines/no-such-salt');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: MEDICINE_MESSAGES.notFound });
    expect((await call(undefined, 'GET', '/api/medicines/Bad%20Slug')).statusCode).toBe(400);
  });

  it('lists active products cheapest first with the saving against the dearest', async () => {
    const db = t.database.db;
    const dear = await createProduct(db, basics, {
      name: 'Dear brand',
      offerPriceMinor: 6_350,
      maximumRetailPriceMinor: 7_000,
    });
    const cheap = await createProduct(db, basics, {
      name: 'Cheap brand',
      offerPriceMinor: 2_200,
      maximumRetailPriceMinor: 3_000,
      prescription: false,
    });
    const middle = await createProduct(db, basics, {
      name: 'Middle brand',
      offerPriceMinor: 4_010,
      maximumRetailPriceMinor: 4_500,
    });
    await createProduct(db, basics, {
      name: 'Withdrawn brand',
      offerPriceMinor: 100,
      maximumRetailPriceMinor: 200,
      isActive: false,
    });
    const answer = await page();
    expect(answer.salt).toMatchObject({ name: 'Paracetamol (650mg)', slug });
    expect(answer.content).toBeNull();
    expect(answer.review).toBeNull();
    expect(answer.products.map((product) => product.id)).toEqual([cheap.id, middle.id, dear.id]);
    expect(answer.products.map((product) => product.savingsPerUnit)).toEqual([41.5, 23.4, 0]);
    expect(answer.products[0]?.savingsPercent).toBe(66);
    expect(answer.products[0]?.saltComposition).toMatchObject({ slug });
    expect(answer.productCount).toBe(3);
    expect(answer.prescription).toBe('not-required');
    expect(MEDICINE_PRODUCTS_SHOWN).toBeGreaterThanOrEqual(3);

    // The product page's answer names the salt's page too.
    const product = await call(undefined, 'GET', `/api/product/${cheap.id}`);
    expect(product.json()).toMatchObject({
      saltComposition: { name: 'Paracetamol (650mg)', slug },
    });
  });

  it('refuses members and anonymous callers on the admin routes', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/medicine-information', undefined],
      ['GET', `/api/medicine-information/${slug}`, undefined],
      ['PUT', `/api/medicine-information/${slug}/draft`, content],
      [
        'POST',
        `/api/medicine-information/${slug}/publish`,
        { reviewerName: 'X', registrationNumber: 'Y' },
      ],
    ] as const) {
      const anonymous = await call(undefined, method, url, payload);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: MESSAGES.pleaseLogin });
      expect((await call(member, method, url, payload)).statusCode, url).toBe(403);
    }
  });

  it('refuses an invalid draft with a sentence naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...content, summary: '  ' }, MEDICINE_MESSAGES.summary],
      [{ ...content, uses: [] }, MEDICINE_MESSAGES.uses],
      [
        { ...content, safety: { ...content.safety, kidney: { level: 'fine', advice: 'x' } } },
        MEDICINE_MESSAGES.safetyLevel,
      ],
      [
        { ...content, interactions: [{ ...content.interactions[0], severity: 'severe' }] },
        MEDICINE_MESSAGES.interactionSeverity,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await call(admin, 'PUT', `/api/medicine-information/${slug}/draft`, payload);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toContain(message);
    }
    const review = await call(admin, 'POST', `/api/medicine-information/${slug}/publish`, {
      reviewerName: '',
      registrationNumber: 'KA/PH/1',
    });
    expect(review.statusCode).toBe(400);
    expect((review.json() as { message: string }).message).toContain(
      MEDICINE_MESSAGES.reviewerName,
    );
  });

  it('refuses a review without a draft (409)', async () => {
    const response = await call(admin, 'POST', `/api/medicine-information/${slug}/publish`, {
      reviewerName: 'Asha Rao',
      registrationNumber: 'KA/PH/2020/00042',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: MEDICINE_MESSAGES.noDraft });
  });

  it('keeps a draft off the public page until a pharmacist reviews it', async () => {
    const saved = await call(admin, 'PUT', `/api/medicine-information/${slug}/draft`, content);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'draft',
      message: MEDICINE_MESSAGES.draftSaved,
      draft: { content, savedBy: 'Admin Person' },
      published: null,
    });
    expect((await page()).content).toBeNull();

    const listed = medicineAdminListSchema.parse(
      (await call(admin, 'GET', '/api/medicine-information?status=draft')).json(),
    );
    expect(listed.medicines.map((row) => row.slug)).toEqual([slug]);
    expect(listed.medicines[0]).toMatchObject({
      status: 'draft',
      reviewedAt: null,
      productCount: 3,
    });

    const published = await call(admin, 'POST', `/api/medicine-information/${slug}/publish`, {
      reviewerName: 'Asha Rao',
      registrationNumber: 'KA/PH/2020/00042',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', draft: null });

    const answer = await page();
    expect(answer.content).toEqual(content);
    expect(answer.review).toMatchObject({
      reviewerName: 'Asha Rao',
      registrationNumber: 'KA/PH/2020/00042',
    });
    expect(Date.now() - Date.parse(answer.review?.reviewedAt ?? '')).toBeLessThan(60_000);

    // A newer draft waits; the public page keeps the reviewed version.
    const edited = { ...content, summary: 'An edited summary, not reviewed yet.' };
    const again = await call(admin, 'PUT', `/api/medicine-information/${slug}/draft`, edited);
    expect(again.json()).toMatchObject({
      status: 'draft-newer',
      draft: { content: edited },
      published: { content, review: { reviewerName: 'Asha Rao' } },
    });
    expect((await page()).content?.summary).toBe(content.summary);
    const read = await call(admin, 'GET', `/api/medicine-information/${slug}`);
    expect(read.json()).toMatchObject({ status: 'draft-newer' });

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'salt_composition'))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'medicine.draft_saved',
      'medicine.published',
      'medicine.draft_saved',
    ]);
    expect(entries[1]).toMatchObject({
      actorUserId: admin.id,
      details: { slug, reviewerName: 'Asha Rao', registrationNumber: 'KA/PH/2020/00042' },
    });
    expect(entries[2]?.details).toMatchObject({ changedSections: ['summary'] });
  });

  it('lists salts publicly with their slug and whether they are reviewed', async () => {
    const all = medicineListSchema.parse((await call(undefined, 'GET', '/api/medicines')).json());
    expect(all.medicines.find((row) => row.slug === slug)).toMatchObject({ reviewed: true });
    expect(all.medicines.find((row) => row.slug === 'paracetamol-650mg-2')).toMatchObject({
      reviewed: false,
      lastReviewedAt: null,
    });
    const reviewed = medicineListSchema.parse(
      (await call(undefined, 'GET', '/api/medicines?reviewed=true')).json(),
    );
    expect(reviewed.medicines.map((row) => row.slug)).toEqual([slug]);
    expect(reviewed.pagination.rowCount).toBe(1);
    const searched = medicineListSchema.parse(
      (await call(undefined, 'GET', '/api/medicines?search=ibuprofen')).json(),
    );
    expect(searched.medicines.map((row) => row.slug)).toEqual(['ibuprofen-400-mg']);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const docs = (await call(undefined, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(docs.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/medicines',
        'GET /api/medicines/{slug}',
        'GET /api/medicine-information',
        'GET /api/medicine-information/{slug}',
        'PUT /api/medicine-information/{slug}/draft',
        'POST /api/medicine-information/{slug}/publish',
      ]),
    );
  });
});
