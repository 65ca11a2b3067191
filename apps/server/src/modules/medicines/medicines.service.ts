import type { SitemapUrl } from '../seo/sitemap-source';
import {
  MEDICINE_MESSAGES,
  MEDICINE_PAGE_SIZE,
  MEDICINE_PRODUCTS_SHOWN,
  discountPercent,
  fromMinorUnits,
  medicineContentSchema,
  productListQuerySchema,
  toMinorUnits,
  type MedicineAdmin,
  type MedicineAdminList,
  type MedicineAdminListQuery,
  type MedicineContent,
  type MedicineList,
  type MedicineListQuery,
  type MedicinePage,
  type MedicineReview,
  type MedicineReviewInput,
  type MedicineStatus,
  type MedicineWriteResponse,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import * as repository from './medicines.repository';
import type { MonographRow } from './medicines.repository';

/** The sections of a stored version, read back through the shared schema (what was validated in). */
function contentOf(row: MonographRow): MedicineContent {
  return medicineContentSchema.parse({
    summary: row.summary,
    uses: row.uses,
    howItWorks: row.howItWorks,
    sideEffectsCommon: row.sideEffectsCommon,
    sideEffectsSerious: row.sideEffectsSerious,
    safety: row.safety,
    howToTake: row.howToTake,
    missedDose: row.missedDose,
    storage: row.storage,
    interactions: row.interactions,
  });
}

function reviewOf(row: MonographRow): MedicineReview | null {
  if (!row.reviewedAt || !row.reviewerName || !row.reviewerRegistrationNumber) return null;
  return {
    reviewerName: row.reviewerName,
    registrationNumber: row.reviewerRegistrationNumber,
    reviewedAt: row.reviewedAt.toISOString(),
  };
}

function statusOf(hasDraft: boolean, hasPublished: boolean): MedicineStatus {
  if (hasDraft) return hasPublished ? 'draft-newer' : 'draft';
  return hasPublished ? 'published' : 'none';
}

const SECTIONS = Object.keys(medicineContentSchema.shape) as (keyof MedicineContent)[];

/** The sections that differ: what an audit entry says about a draft without copying it whole. */
function changedSections(before: MedicineContent | null, after: MedicineContent): string[] {
  if (!before) return SECTIONS;
  return SECTIONS.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

const pagination = (page: number, pageSize: number, rowCount: number) => ({
  page,
  pageSize,
  rowCount,
  pageCount: Math.ceil(rowCount / pageSize),
});

/**
 * Issue 30 point 5: the medicine information of each salt composition. Admins save drafts, which
 * never change the public page; a pharmacist's review publishes the draft with their name,
 * registration number and the date. The public page shows the newest reviewed version and the
 * salt's active products (from the catalogue service), cheapest first.
 */
export function createMedicinesService(deps: {
  db: Database;
  catalog: Pick<CatalogService, 'listProducts'>;
  /** A review published: the public answers (micro-cache, other instances) are out of date. */
  onPublished?: () => void;
  now?: () => Date;
}) {
  const { db, catalog } = deps;
  const now = deps.now ?? (() => new Date());

  /** Active products of the salt, cheapest first, each with its saving against the dearest. */
  async function productsOf(saltId: number) {
    const query = (orderType: 'asc' | 'desc', limit: number, prescription?: 'true') =>
      catalog.listProducts(
        productListQuerySchema.parse({
          saltCompositionId: saltId,
          orderBy: 'offerPrice',
          orderType,
          limit,
          prescription,
        }),
        false,
      );
    const [cheapest, dearest, prescribed] = await Promise.all([
      query('asc', MEDICINE_PRODUCTS_SHOWN),
      query('desc', 1),
      query('asc', 1, 'true'),
    ]);
    const total = cheapest.pagination.rowCount;
    const dearestMinor = toMinorUnits(dearest.productList[0]?.offerPrice ?? 0);
    const rx = prescribed.pagination.rowCount;
    return {
      products: cheapest.productList.map((product) => ({
        ...product,
        savingsPerUnit: fromMinorUnits(
          Math.max(0, dearestMinor - toMinorUnits(product.offerPrice)),
        ),
        savingsPercent: discountPercent(fromMinorUnits(dearestMinor), product.offerPrice),
      })),
      productCount: total,
      prescription:
        total === 0
          ? ('unknown' as const)
          : rx === total
            ? ('required' as const)
            : rx === 0
              ? ('not-required' as const)
              : ('mixed' as const),
    };
  }

  async function adminView(saltId: number, salt: MedicineAdmin['salt']): Promise<MedicineAdmin> {
    const [draft, published] = await Promise.all([
      repository.findDraft(db, saltId),
      repository.findPublished(db, saltId),
    ]);
    const review = published ? reviewOf(published) : null;
    return {
      salt,
      status: statusOf(draft !== undefined, published !== undefined),
      draft: draft
        ? {
            content: contentOf(draft.monograph),
            savedAt: draft.monograph.savedAt.toISOString(),
            savedBy: draft.savedBy,
          }
        : null,
      published: published && review ? { content: contentOf(published), review } : null,
    };
  }

  async function saltOrNotFound(slug: string) {
    const salt = await repository.findSaltBySlug(db, slug);
    if (!salt) throw new NotFoundError(MEDICINE_MESSAGES.notFound);
    return salt;
  }

  return {
    /** GET /medicines/{slug}: the public page. */
    async page(slug: string): Promise<MedicinePage> {
      const salt = await saltOrNotFound(slug);
      const [published, products] = await Promise.all([
        repository.findPublished(db, salt.id),
        productsOf(salt.id),
      ]);
      return {
        salt,
        content: published ? contentOf(published) : null,
        review: published ? reviewOf(published) : null,
        ...products,
      };
    },

    /** GET /medicines: salts with their page's address, by name. */
    /** Issue 30 point 4: the reviewed medicine pages for the sitemap. */
    async sitemapUrls(): Promise<SitemapUrl[]> {
      const rows = await repository.reviewedSlugs(db);
      return rows.map((row) => ({ path: `/medicine/${row.slug}`, lastmod: row.reviewedAt }));
    },

    async list(query: MedicineListQuery): Promise<MedicineList> {
      const { rows, rowCount } = await repository.listPublic(
        db,
        { search: query.search || undefined, reviewedOnly: query.reviewed === 'true' },
        query.page,
        query.pageSize,
      );
      return {
        medicines: rows.map((row) => ({
          id: row.id,
          name: row.name,
          slug: row.slug,
          reviewed: row.reviewedAt !== null,
          lastReviewedAt: row.reviewedAt?.toISOString() ?? null,
        })),
        pagination: pagination(query.page, query.pageSize, rowCount),
      };
    },

    async adminList(query: MedicineAdminListQuery): Promise<MedicineAdminList> {
      const { rows, rowCount } = await repository.listAdmin(
        db,
        { search: query.search || undefined, status: query.status },
        query.page,
        MEDICINE_PAGE_SIZE,
      );
      return {
        medicines: rows.map((row) => ({
          id: row.id,
          name: row.name,
          slug: row.slug,
          status: statusOf(row.draftSavedAt !== null, row.reviewedAt !== null),
          draftSavedAt: row.draftSavedAt?.toISOString() ?? null,
          reviewedAt: row.reviewedAt?.toISOString() ?? null,
          productCount: row.productCount,
        })),
        pagination: pagination(query.page, MEDICINE_PAGE_SIZE, rowCount),
      };
    },

    async adminGet(slug: string): Promise<MedicineAdmin> {
      const salt = await saltOrNotFound(slug);
      return adminView(salt.id, salt);
    },

    /** An admin's edit: the salt's draft, which the public page never shows until reviewed. */
    async saveDraft(
      slug: string,
      content: MedicineContent,
      byUserId: number,
    ): Promise<MedicineWriteResponse> {
      const salt = await db.transaction(async (tx) => {
        const locked = await repository.lockSaltBySlug(tx, slug);
        if (!locked) throw new NotFoundError(MEDICINE_MESSAGES.notFound);
        const [draft, published] = await Promise.all([
          repository.findDraft(tx, locked.id),
          repository.findPublished(tx, locked.id),
        ]);
        const before = draft ? contentOf(draft.monograph) : published ? contentOf(published) : null;
        const id = await repository.saveDraft(tx, locked.id, content, byUserId, now());
        await recordAudit(tx, {
          actorUserId: byUserId,
          action: 'medicine.draft_saved',
          entityType: 'salt_composition',
          entityId: locked.id,
          details: {
            slug: locked.slug,
            name: locked.name,
            monographId: id,
            changedSections: changedSections(before, content),
          },
        });
        return locked;
      });
      return { ...(await adminView(salt.id, salt)), message: MEDICINE_MESSAGES.draftSaved };
    },

    /**
     * A pharmacist's review: the draft becomes the published version, recording the reviewer's
     * name and registration number as given, when, and who signed in to publish it.
     */
    async publish(
      slug: string,
      input: MedicineReviewInput,
      byUserId: number,
    ): Promise<MedicineWriteResponse> {
      const salt = await db.transaction(async (tx) => {
        const locked = await repository.lockSaltBySlug(tx, slug);
        if (!locked) throw new NotFoundError(MEDICINE_MESSAGES.notFound);
        const draft = await repository.findDraft(tx, locked.id);
        if (!draft) throw new ConflictError(MEDICINE_MESSAGES.noDraft);
        const reviewedAt = now();
        const row = await repository.publishDraft(tx, draft.monograph.id, {
          reviewerName: input.reviewerName,
          registrationNumber: input.registrationNumber,
          reviewedAt,
          reviewedByUserId: byUserId,
        });
        if (!row) throw new ConflictError(MEDICINE_MESSAGES.noDraft);
        await recordAudit(tx, {
          actorUserId: byUserId,
          action: 'medicine.published',
          entityType: 'salt_composition',
          entityId: locked.id,
          details: {
            slug: locked.slug,
            name: locked.name,
            monographId: row.id,
            reviewerName: input.reviewerName,
            registrationNumber: input.registrationNumber,
            reviewedAt: reviewedAt.toISOString(),
          },
        });
        return locked;
      });
      deps.onPublished?.();
      return { ...(await adminView(salt.id, salt)), message: MEDICINE_MESSAGES.published };
    },
  };
}

export type MedicinesService = ReturnType<typeof createMedicinesService>;
