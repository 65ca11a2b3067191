import {
  MESSAGES,
  PRODUCT_QUANTITY_NOT_EDITABLE,
  discountPercent,
  fromMinorUnits,
  toMinorUnits,
  type Product,
  type ProductCreateInput,
  type ProductFormInput,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/multipart';
import { recordAudit } from '../audit/audit.service';
import type { ScheduleRegistry } from '../compliance/schedules';
import type { InventoryService } from '../inventory/inventory.service';
import type { CatalogImages } from './catalog-images';
import type { ProductAnswer } from './product-answer';
import * as productsRepo from './products.repository';
import * as taxonomyRepo from './taxonomy.repository';
import type { TaxonomyKind } from './taxonomy.repository';

export const PRODUCT_NOT_FOUND = 'No product found.';

export interface ProductsServiceDeps {
  schedules: ScheduleRegistry;
  asProduct: ProductAnswer;
  images: CatalogImages;
  /** A new product's quantity, received as its first batch in the product's transaction. */
  openingStock: InventoryService['receiveInTx'];
  /** A product put back on sale, told in the transaction that did it (issue 17). */
  onPublished?: (tx: DbOrTx, productIds: number[]) => Promise<void>;
  /** A product was written: cached listings and answers are out of date. */
  catalogueChanged: () => void;
}

/** One product at a time: its answer, substitutes, and the admin's create, edit and delete. */
export function createProductsService(db: Database, deps: ProductsServiceDeps) {
  const { schedules, asProduct, images: imageStore } = deps;

  /**
   * A chosen schedule sets the prescription flag; a form that gives only the flag (the spec's)
   * leaves the schedule to the database, which moves it to the first schedule agreeing with it.
   */
  function toWrite(input: ProductFormInput): productsRepo.ProductWrite {
    let schedule: { scheduleCode: string; prescription: boolean } | undefined;
    if (input.scheduleCode !== undefined) {
      if (!schedules.has(input.scheduleCode))
        throw new BadRequestError('scheduleCode: Please choose a schedule from the list.');
      const chosen = schedules.get(input.scheduleCode);
      schedule = { scheduleCode: chosen.code, prescription: chosen.requiresPrescription };
    }
    return {
      ...(input.maxUnitsPerOrder !== undefined ? { maxUnitsPerOrder: input.maxUnitsPerOrder } : {}),
      name: input.name,
      offerPriceMinor: toMinorUnits(input.offerPrice),
      maximumRetailPriceMinor: toMinorUnits(input.maximumRetailPrice),
      prescription: input.prescription,
      isActive: input.isActive,
      divisionId: input.divisionId,
      manufacturerId: input.manufacturerId,
      saltCompositionId: input.saltCompositionId,
      dosageForm: input.dosageForm,
      strength: input.strength,
      packSize: input.packSize,
      description: input.description,
      ...(input.hsnCode !== undefined ? { hsnCode: input.hsnCode } : {}),
      ...(input.gstRate !== undefined ? { gstRate: input.gstRate } : {}),
      ...(input.returnable !== undefined ? { returnable: input.returnable } : {}),
      ...schedule,
    };
  }

  async function assertReferencesExist(input: ProductFormInput) {
    const checks: Array<[TaxonomyKind, number, string]> = [
      ['division', input.divisionId, 'divisionId: Division is required'],
      ['manufacturer', input.manufacturerId, 'manufacturerId: Manufacturer is required'],
      [
        'saltComposition',
        input.saltCompositionId,
        'saltCompositionId: Salt Composition is required',
      ],
    ];
    for (const [kind, id, message] of checks) {
      if (!(await taxonomyRepo.findEntry(db, kind, id))) throw new BadRequestError(message);
    }
  }

  return {
    /** Inactive products are hidden from shoppers (DECISIONS) and shown to admins. */
    async getProduct(productId: number, isAdmin: boolean): Promise<Product> {
      const row = await productsRepo.findProduct(db, productId);
      if (!row || (!row.isActive && !isAdmin)) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return asProduct(row, await productsRepo.listImages(db, productId));
    },

    /** Other active products with the same salt, cheapest first, with how much cheaper each is. */
    async substitutes(productId: number) {
      const row = await productsRepo.findProduct(db, productId);
      if (!row || !row.isActive) throw new NotFoundError(PRODUCT_NOT_FOUND);
      if (row.saltCompositionId === null) return { substitutes: [] };
      const rows = await productsRepo.listSubstitutes(
        db,
        { id: row.id, saltCompositionId: row.saltCompositionId },
        12,
      );
      return {
        substitutes: rows.map((sub) => ({
          ...asProduct(sub),
          savingsPerUnit: fromMinorUnits(row.offerPriceMinor - sub.offerPriceMinor),
          savingsPercent: discountPercent(
            fromMinorUnits(row.offerPriceMinor),
            fromMinorUnits(sub.offerPriceMinor),
          ),
        })),
      };
    },

    /** DECISIONS: ranked by units sold in orders that are not cancelled; newest first before any sale. */
    async topSelling(limit: number): Promise<{ productList: Product[] }> {
      return {
        productList: (await productsRepo.listTopSelling(db, limit)).map((row) => asProduct(row)),
      };
    },

    /** The quantity arrives as the product's first batch, with its number and expiry date. */
    async createProduct(
      input: ProductCreateInput,
      files: UploadedFile[],
      byUserId: number,
    ): Promise<{ id: number; message: string }> {
      await assertReferencesExist(input);
      const images = await imageStore.store('products', files);
      try {
        const id = await db.transaction(async (tx) => {
          const productId = await productsRepo.insertProduct(tx, toWrite(input));
          await productsRepo.insertImages(tx, productId, images, 0);
          const { quantity, batchNumber, expiryDate, supplier, invoiceReference, purchasePrice } =
            input;
          await deps.openingStock(
            tx,
            productId,
            quantity,
            { batchNumber, expiryDate, supplier, invoiceReference, purchasePrice },
            byUserId,
          );
          return productId;
        });
        deps.catalogueChanged();
        return { id, message: MESSAGES.productCreated };
      } catch (error) {
        await imageStore.discard(images);
        throw error;
      }
    },

    /**
     * New images are added after the kept ones; `keepImageUrls`, when sent, lists the ones to keep.
     * A change of the offer price or MRP is written to the audit chain in the same transaction.
     * `sentQuantity`: the quantity the edit form sent back (spec §7 edits with the create form's
     * fields; null when it is not a whole number). Stock is kept in batches, so only the product's
     * current quantity is accepted, and it is not written.
     */
    async updateProduct(
      productId: number,
      input: ProductFormInput,
      files: UploadedFile[],
      keepImageUrls: string[] | undefined,
      byUserId: number | null = null,
      sentQuantity?: number | null,
    ): Promise<{ id: number; message: string }> {
      await assertReferencesExist(input);
      const existing = await productsRepo.listImages(db, productId);
      const removed = keepImageUrls
        ? existing.filter((image) => !keepImageUrls.includes(image.url))
        : [];
      const images = await imageStore.store('products', files);
      try {
        await db.transaction(async (tx) => {
          const before = await productsRepo.lockPrices(tx, productId);
          if (!before) throw new NotFoundError(PRODUCT_NOT_FOUND);
          // Compared under the row's lock: an order taking stock meanwhile makes it a change.
          if (sentQuantity !== undefined && sentQuantity !== before.quantity)
            throw new BadRequestError(PRODUCT_QUANTITY_NOT_EDITABLE);
          const values = toWrite(input);
          if (!(await productsRepo.updateProduct(tx, productId, values)))
            throw new NotFoundError(PRODUCT_NOT_FOUND);
          await productsRepo.deleteImages(
            tx,
            removed.map((image) => image.id),
          );
          await productsRepo.insertImages(tx, productId, images, existing.length);
          if (!before.isActive && values.isActive) await deps.onPublished?.(tx, [productId]);
          if (
            before.offerPriceMinor !== values.offerPriceMinor ||
            before.maximumRetailPriceMinor !== values.maximumRetailPriceMinor
          )
            await recordAudit(tx, {
              actorUserId: byUserId,
              action: 'product.price_changed',
              entityType: 'product',
              entityId: productId,
              details: {
                name: values.name,
                offerPriceMinor: { from: before.offerPriceMinor, to: values.offerPriceMinor },
                maximumRetailPriceMinor: {
                  from: before.maximumRetailPriceMinor,
                  to: values.maximumRetailPriceMinor,
                },
              },
            });
        });
      } catch (error) {
        await imageStore.discard(images);
        throw error;
      }
      deps.catalogueChanged();
      await imageStore.discard(removed);
      return { id: productId, message: MESSAGES.productUpdated };
    },

    /** Orders keep their own copy of name and price, so a deleted product shows 'Not Available' there. */
    async deleteProduct(productId: number): Promise<{ message: string }> {
      const images = await productsRepo.listImages(db, productId);
      let deleted: boolean;
      try {
        deleted = await productsRepo.deleteProduct(db, productId);
      } catch (error) {
        // Register rows (issue 16) name the product and must be kept: deactivate it instead.
        if (isForeignKeyViolation(error))
          throw new ConflictError(
            'This product is in the dispensing register and cannot be deleted. Mark it inactive instead.',
          );
        throw error;
      }
      if (!deleted) throw new NotFoundError(PRODUCT_NOT_FOUND);
      deps.catalogueChanged();
      await imageStore.discard(images);
      return { message: MESSAGES.productDeleted };
    },

    /** Products for other modules (cart lines), inactive ones included so a line can say so. */
    async productsByIds(productIds: number[], tx: DbOrTx = db): Promise<Map<number, Product>> {
      const rows = await productsRepo.findProductsByIds(tx, [...new Set(productIds)]);
      return new Map(rows.map((row) => [row.id, asProduct(row)]));
    },
  };
}
