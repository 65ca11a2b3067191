import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MedicineContent, MedicineStatus } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/errors';
import {
  medicineMonographs,
  products,
  saltCompositions,
  users,
  type MedicineMonographRow,
} from '../../db/schema/index';

export type MonographRow = MedicineMonographRow;

const saltColumns = {
  id: saltCompositions.id,
  name: saltCompositions.name,
  slug: saltCompositions.slug,
};

export async function findSaltBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select(saltColumns)
    .from(saltCompositions)
    .where(eq(saltCompositions.slug, slug))
    .limit(1);
  return row;
}

/**
 * The salt, locked until the transaction ends: a draft save and a review of one salt take turns,
 * so a review never publishes a draft that an edit is replacing at that moment.
 */
export async function lockSaltBySlug(tx: DbOrTx, slug: string) {
  const [row] = await tx
    .select(saltColumns)
    .from(saltCompositions)
    .where(eq(saltCompositions.slug, slug))
    .limit(1)
    .for('no key update');
  return row;
}

export async function allSalts(db: DbOrTx) {
  return db.select(saltColumns).from(saltCompositions);
}

/** The newest reviewed version: what the public page shows. */
export async function findPublished(db: DbOrTx, saltId: number) {
  const [row] = await db
    .select()
    .from(medicineMonographs)
    .where(
      and(
        eq(medicineMonographs.saltCompositionId, saltId),
        isNotNull(medicineMonographs.reviewedAt),
      ),
    )
    .orderBy(desc(medicineMonographs.reviewedAt), desc(medicineMonographs.id))
    .limit(1);
  return row;
}

/** The salt's draft waiting for review, with the name of who saved it. */
export async function findDraft(db: DbOrTx, saltId: number) {
  const [row] = await db
    .select({ monograph: medicineMonographs, savedBy: users.name })
    .from(medicineMonographs)
    .leftJoin(users, eq(users.id, medicineMonographs.savedByUserId))
    .where(
      and(eq(medicineMonographs.saltCompositionId, saltId), isNull(medicineMonographs.reviewedAt)),
    )
    .limit(1);
  return row;
}

function contentValues(content: MedicineContent) {
  return {
    summary: content.summary,
    uses: content.uses,
    howItWorks: content.howItWorks,
    sideEffectsCommon: content.sideEffectsCommon,
    sideEffectsSerious: content.sideEffectsSerious,
    safety: content.safety,
    howToTake: content.howToTake,
    missedDose: content.missedDose,
    storage: content.storage,
    interactions: content.interactions,
  };
}

/** The salt's one draft, replaced or made (the caller holds the salt's lock). */
export async function saveDraft(
  tx: DbOrTx,
  saltId: number,
  content: MedicineContent,
  byUserId: number | null,
  at: Date,
) {
  const values = { ...contentValues(content), savedAt: at, savedByUserId: byUserId };
  const [updated] = await tx
    .update(medicineMonographs)
    .set(values)
    .where(
      and(eq(medicineMonographs.saltCompositionId, saltId), isNull(medicineMonographs.reviewedAt)),
    )
    .returning({ id: medicineMonographs.id });
  if (updated) return updated.id;
  const [inserted] = await tx
    .insert(medicineMonographs)
    .values({ saltCompositionId: saltId, ...values })
    .returning({ id: medicineMonographs.id });
  if (!inserted) throw new Error('The medicine information draft was not saved.');
  return inserted.id;
}

export interface ReviewValues {
  reviewerName: string;
  registrationNumber: string;
  reviewedAt: Date;
  reviewedByUserId: number | null;
}

/** The draft becomes the newest published version. */
export async function publishDraft(tx: DbOrTx, monographId: number, review: ReviewValues) {
  const [row] = await tx
    .update(medicineMonographs)
    .set({
      reviewedAt: review.reviewedAt,
      reviewerName: review.reviewerName,
      reviewerRegistrationNumber: review.registrationNumber,
      reviewedByUserId: review.reviewedByUserId,
    })
    .where(and(eq(medicineMonographs.id, monographId), isNull(medicineMonographs.reviewedAt)))
    .returning();
  return row;
}

/** Published versions written at once (the demo seed's sample reviews). */
export async function insertPublished(
  tx: DbOrTx,
  entries: readonly { saltId: number; content: MedicineContent; review: ReviewValues }[],
) {
  if (entries.length === 0) return;
  await tx.insert(medicineMonographs).values(
    entries.map(({ saltId, content, review }) => ({
      saltCompositionId: saltId,
      ...contentValues(content),
      savedAt: review.reviewedAt,
      savedByUserId: null,
      reviewedAt: review.reviewedAt,
      reviewerName: review.reviewerName,
      reviewerRegistrationNumber: review.registrationNumber,
      reviewedByUserId: review.reviewedByUserId,
    })),
  );
}

/** Each salt's newest review date (salts never reviewed have no row). */
function lastReviews(db: DbOrTx) {
  return db
    .select({
      saltId: medicineMonographs.saltCompositionId,
      reviewedAt: sql`max(${medicineMonographs.reviewedAt})`
        .mapWith(medicineMonographs.reviewedAt)
        .as('last_reviewed_at'),
    })
    .from(medicineMonographs)
    .where(isNotNull(medicineMonographs.reviewedAt))
    .groupBy(medicineMonographs.saltCompositionId)
    .as('last_review');
}

const searchCondition = (search: string | undefined): SQL | undefined =>
  search
    ? sql`lower(${saltCompositions.name}) like ${`%${escapeLike(search.toLowerCase())}%`}`
    : undefined;

const pageOf = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** Salts with their page's address and last review, by name: list pages and the sitemap. */
export async function listPublic(
  db: DbOrTx,
  filter: { search?: string; reviewedOnly: boolean },
  page: number,
  pageSize: number,
) {
  const review = lastReviews(db);
  const where = and(
    searchCondition(filter.search),
    filter.reviewedOnly ? isNotNull(review.reviewedAt) : undefined,
  );
  const { limit, offset } = pageOf(page, pageSize);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...saltColumns, reviewedAt: review.reviewedAt })
      .from(saltCompositions)
      .leftJoin(review, eq(review.saltId, saltCompositions.id))
      .where(where)
      .orderBy(asc(sql`lower(${saltCompositions.name})`), asc(saltCompositions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(saltCompositions)
      .leftJoin(review, eq(review.saltId, saltCompositions.id))
      .where(where),
  ]);
  return { rows, rowCount: total?.value ?? 0 };
}

/**
 * The medicine pages search engines should index: salts with reviewed information (the others
 * are noindex), each with the date of its last review as the sitemap's lastmod.
 */
export async function reviewedSlugs(db: DbOrTx) {
  const review = lastReviews(db);
  return db
    .select({ slug: saltCompositions.slug, reviewedAt: review.reviewedAt })
    .from(saltCompositions)
    .innerJoin(review, eq(review.saltId, saltCompositions.id))
    .where(isNotNull(review.reviewedAt))
    .orderBy(asc(saltCompositions.id));
}

/** Salts with where their information stands, for the admin's list. */
export async function listAdmin(
  db: DbOrTx,
  filter: { search?: string; status?: MedicineStatus },
  page: number,
  pageSize: number,
) {
  const review = lastReviews(db);
  const draft = alias(medicineMonographs, 'draft');
  const hasDraft = isNotNull(draft.id);
  const hasReview = isNotNull(review.reviewedAt);
  const statusCondition: Record<MedicineStatus, SQL | undefined> = {
    none: and(isNull(draft.id), isNull(review.reviewedAt)),
    draft: and(hasDraft, isNull(review.reviewedAt)),
    published: and(isNull(draft.id), hasReview),
    'draft-newer': and(hasDraft, hasReview),
  };
  const where = and(
    searchCondition(filter.search),
    filter.status ? statusCondition[filter.status] : undefined,
  );
  const from = () =>
    db
      .select({
        ...saltColumns,
        draftSavedAt: draft.savedAt,
        reviewedAt: review.reviewedAt,
        // The outer id is named with its table: unqualified, it would bind to products.id inside.
        productCount: sql<number>`(select count(*)::int from ${products} where ${products.saltCompositionId} = ${sql.identifier('salt_compositions')}.${sql.identifier('id')} and ${products.isActive})`,
      })
      .from(saltCompositions)
      .leftJoin(
        draft,
        and(eq(draft.saltCompositionId, saltCompositions.id), isNull(draft.reviewedAt)),
      )
      .leftJoin(review, eq(review.saltId, saltCompositions.id));
  const { limit, offset } = pageOf(page, pageSize);
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(asc(sql`lower(${saltCompositions.name})`), asc(saltCompositions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(saltCompositions)
      .leftJoin(
        draft,
        and(eq(draft.saltCompositionId, saltCompositions.id), isNull(draft.reviewedAt)),
      )
      .leftJoin(review, eq(review.saltId, saltCompositions.id))
      .where(where),
  ]);
  return { rows, rowCount: total?.value ?? 0 };
}
