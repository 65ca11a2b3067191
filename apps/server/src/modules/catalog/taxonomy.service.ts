import { MESSAGES, emptyListText, type CatalogEntry, type Division } from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { toCatalogImage } from '../../lib/image-variants';
import type { UploadedFile } from '../../lib/multipart';
import type { CatalogImages } from './catalog-images';
import * as taxonomyRepo from './taxonomy.repository';
import type { TaxonomyKind } from './taxonomy.repository';

const LABELS: Record<TaxonomyKind, { one: string; list: string }> = {
  division: { one: 'division', list: 'Divisions' },
  manufacturer: { one: 'manufacturer', list: 'Manufacturers' },
  saltComposition: { one: 'salt composition', list: 'Salt Compositions' },
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Divisions (with their image), manufacturers and salt compositions: spec §7's entries. */
export function createTaxonomyService(
  db: Database,
  images: CatalogImages,
  /** An entry was written: cached listings and answers are out of date. */
  catalogueChanged: () => void,
) {
  return {
    async listDivisions(options: { limit?: number; search?: string }): Promise<Division[]> {
      const rows = await taxonomyRepo.listEntries(db, 'division', options);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        images: row.image ? toCatalogImage(row.image) : null,
        productCount: row.productCount,
      }));
    },

    async listEntries(
      kind: 'manufacturer' | 'saltComposition',
      options: { limit?: number; search?: string },
    ): Promise<CatalogEntry[]> {
      const rows = await taxonomyRepo.listEntries(db, kind, options);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        productCount: row.productCount,
        ...(row.slug ? { slug: row.slug } : {}),
      }));
    },

    async createEntry(
      kind: TaxonomyKind,
      name: string,
      image?: UploadedFile,
    ): Promise<{ id: number; name: string; message: string }> {
      if (kind === 'division' && !image) throw new BadRequestError(MESSAGES.uploadImageRequired);
      const [stored] = image ? await images.store('divisions', [image]) : [];
      try {
        const id = await taxonomyRepo.insertEntry(db, kind, name, stored);
        catalogueChanged();
        return { id, name, message: `${capitalise(LABELS[kind].one)} created successfully` };
      } catch (error) {
        if (stored) await images.discard([stored]);
        if (isUniqueViolation(error))
          throw new ConflictError(`A ${LABELS[kind].one} with this name already exists.`);
        throw error;
      }
    },

    async updateEntry(
      kind: TaxonomyKind,
      id: number,
      name: string,
      image?: UploadedFile,
    ): Promise<{ id: number; name: string; message: string }> {
      const current = await taxonomyRepo.findEntry(db, kind, id);
      if (!current) throw new NotFoundError(emptyListText(LABELS[kind].one));
      const [stored] = image ? await images.store('divisions', [image]) : [];
      try {
        await db.transaction(async (tx) => {
          await taxonomyRepo.updateEntry(tx, kind, id, name, stored);
          await taxonomyRepo.refreshSearchText(tx, kind, id);
        });
      } catch (error) {
        if (stored) await images.discard([stored]);
        if (isUniqueViolation(error))
          throw new ConflictError(`A ${LABELS[kind].one} with this name already exists.`);
        throw error;
      }
      catalogueChanged();
      if (stored && current.image) await images.discard([current.image]);
      return { id, name, message: `${capitalise(LABELS[kind].one)} updated successfully` };
    },

    /** DECISIONS: an entry that products still use cannot be deleted (409 naming how many). */
    async deleteEntry(kind: TaxonomyKind, id: number): Promise<{ message: string }> {
      const current = await taxonomyRepo.findEntry(db, kind, id);
      if (!current) throw new NotFoundError(emptyListText(LABELS[kind].one));
      const used = await taxonomyRepo.countProductsUsing(db, kind, id);
      if (used > 0) {
        throw new ConflictError(
          `This ${LABELS[kind].one} is used by ${used} ${used === 1 ? 'product' : 'products'} and cannot be deleted.`,
        );
      }
      try {
        await taxonomyRepo.deleteEntry(db, kind, id);
        catalogueChanged();
      } catch (error) {
        if (isForeignKeyViolation(error))
          throw new ConflictError(`This ${LABELS[kind].one} is in use and cannot be deleted.`);
        throw error;
      }
      if (current.image) await images.discard([current.image]);
      return {
        message:
          kind === 'division'
            ? MESSAGES.divisionDeleted
            : `${capitalise(LABELS[kind].one)} deleted successfully`,
      };
    },
  };
}
