import {
  DELIVERY_AREA_PAGE_SIZE,
  codNotAtPincodeText,
  deliveryPromise,
  deliveryPromiseText,
  indiaToday,
  notServedText,
  type DeliveryArea,
  type DeliveryAreaInput,
  type DeliveryCalendarInput,
  type DeliveryEstimate,
  type DispatchCalendar,
  type PincodeService,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { createTtlCache } from '../../lib/cache';
import { recordAudit } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import * as repository from './delivery.repository';
import type { DeliveryAreaRow, DeliveryAreaValues } from './delivery.repository';
import { readDeliveryCsv } from './delivery-csv';

export const AREA_NOT_FOUND = 'No delivery area found.';
export const AREA_RANGE_TAKEN =
  'An area with exactly these pincodes exists already: change that one instead.';

/** Two areas of one range would leave one of them never used (the older wins): refused. */
async function refuseSameRange(tx: DbOrTx, values: DeliveryAreaValues, exceptId?: number) {
  const same = await repository.findAreaByRange(tx, values.pincodeFrom, values.pincodeTo);
  if (same && same.id !== exceptId) throw new ConflictError(AREA_RANGE_TAKEN);
}

const pincodeText = (value: number) => String(value).padStart(6, '0');

function toArea(row: DeliveryAreaRow): DeliveryArea {
  return {
    id: row.id,
    pincodeFrom: pincodeText(row.pincodeFrom),
    pincodeTo: pincodeText(row.pincodeTo),
    zone: row.zone,
    serviceable: row.serviceable,
    deliveryDays: row.deliveryDays,
    cashOnDelivery: row.cashOnDelivery,
    sameDay: row.sameDay,
    sameDayCutoff: row.sameDayCutoff,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toService(row: DeliveryAreaRow | undefined): PincodeService | null {
  if (!row) return null;
  return {
    serviceable: row.serviceable,
    zone: row.zone,
    deliveryDays: row.deliveryDays,
    cashOnDelivery: row.cashOnDelivery,
    sameDay: row.sameDay,
    sameDayCutoff: row.sameDayCutoff,
  };
}

export function areaValues(input: DeliveryAreaInput): DeliveryAreaValues {
  return {
    pincodeFrom: Number(input.pincodeFrom),
    pincodeTo: Number(input.pincodeTo ?? input.pincodeFrom),
    zone: input.zone,
    serviceable: input.serviceable,
    deliveryDays: input.deliveryDays,
    cashOnDelivery: input.cashOnDelivery,
    sameDay: input.sameDay,
    sameDayCutoff: input.sameDay ? input.sameDayCutoff : null,
  };
}

/** What the order's checkout needs of a pincode: whether it is served, COD, and the date. */
export interface PincodePromise {
  pincode: string;
  serviceable: boolean;
  cashOnDelivery: boolean;
  deliverBy: string | null;
}

/**
 * Where the shop delivers and by when (issue 29): the areas and the dispatch calendar the admin
 * keeps, the promise for a pincode, and the checks the order's checkout makes with it.
 */
async function readDispatchCalendar(tx: DbOrTx): Promise<DispatchCalendar> {
  const calendar = await repository.readCalendar(tx);
  return {
    workingDays: calendar.workingDays,
    dispatchCutoff: calendar.dispatchCutoff,
    holidays: calendar.holidays.map((holiday) => holiday.day),
  };
}

interface PlannedRow {
  line: number;
  values: DeliveryAreaValues;
  action: 'create' | 'update' | 'unchanged';
  id?: number;
}

const sameArea = (row: DeliveryAreaRow, values: DeliveryAreaValues) =>
  row.zone === values.zone &&
  row.serviceable === values.serviceable &&
  row.deliveryDays === values.deliveryDays &&
  row.cashOnDelivery === values.cashOnDelivery &&
  row.sameDay === values.sameDay &&
  row.sameDayCutoff === (values.sameDayCutoff ?? null);

/**
 * The CSV read and checked, each row matched with the area of exactly its range (an import
 * changes that one rather than adding a second), a range twice in one file refused.
 */
async function planImport(tx: DbOrTx, content: Buffer) {
  const { rows: read, refused } = readDeliveryCsv(content);
  const rows: PlannedRow[] = [];
  const seen = new Map<string, number>();
  for (const row of read) {
    const values = areaValues(row.area);
    const key = `${values.pincodeFrom}-${values.pincodeTo}`;
    const first = seen.get(key);
    if (first !== undefined) {
      refused.push({ line: row.line, message: `The same pincodes as line ${first}.` });
      continue;
    }
    seen.set(key, row.line);
    const existing = await repository.findAreaByRange(tx, values.pincodeFrom, values.pincodeTo);
    rows.push({
      line: row.line,
      values,
      action: !existing ? 'create' : sameArea(existing, values) ? 'unchanged' : 'update',
      id: existing?.id,
    });
  }
  refused.sort((a, b) => a.line - b.line);
  return {
    rows,
    refused,
    creates: rows.filter((row) => row.action === 'create').length,
    updates: rows.filter((row) => row.action === 'update').length,
    unchanged: rows.filter((row) => row.action === 'unchanged').length,
  };
}

export function createDeliveryService(deps: {
  db: Database;
  catalog: Pick<CatalogService, 'productsByIds'>;
  /** Areas or the calendar changed here: other instances drop their copies (the change feed). */
  onCalendarSaved?: () => void;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The calendar changes a few times a year and is read for every promise: kept here until it
   * is saved, on this instance or (through the change feed, `forgetCalendar`) on another.
   */
  let cachedCalendar: DispatchCalendar | undefined;
  /** Bumped when the calendar changes, so a read that began before never fills the cache after. */
  let calendarVersion = 0;
  async function calendarOf(tx: DbOrTx): Promise<DispatchCalendar> {
    if (cachedCalendar) return cachedCalendar;
    const version = calendarVersion;
    // Read in the caller's transaction (PGlite has one connection), which never changes it.
    const calendar = await readDispatchCalendar(tx);
    if (version === calendarVersion) cachedCalendar = calendar;
    return calendar;
  }
  /**
   * The area of each pincode asked about lately: the product page and the cart ask on every view,
   * and areas change a few times a year. Dropped whenever an area or the calendar changes here or
   * (the change feed) on another instance; a minute at most otherwise.
   */
  const areas = createTtlCache<DeliveryAreaRow | null>({
    ttlMs: 60_000,
    maxEntries: 20_000,
    version: () => calendarVersion,
  });
  async function areaOf(tx: DbOrTx, pincode: string): Promise<DeliveryAreaRow | undefined> {
    const cached = areas.get(pincode);
    if (cached !== undefined) return cached ?? undefined;
    const version = calendarVersion;
    const row = await repository.areaFor(tx, Number(pincode));
    areas.set(pincode, row ?? null, version);
    return row;
  }
  function forgetCalendar() {
    calendarVersion += 1;
    cachedCalendar = undefined;
  }
  /** Areas changed here: this instance forgets at once, the others through the change feed. */
  async function changingAreas<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      forgetCalendar();
      deps.onCalendarSaved?.();
    }
  }

  async function promiseFor(pincode: string, tx: DbOrTx = db): Promise<PincodePromise> {
    const [area, calendar] = await Promise.all([areaOf(tx, pincode), calendarOf(tx)]);
    const service = toService(area);
    const promise = deliveryPromise(now(), calendar, service);
    return {
      pincode,
      serviceable: promise !== null,
      cashOnDelivery: promise !== null && (service?.cashOnDelivery ?? false),
      deliverBy: promise?.deliverBy ?? null,
    };
  }

  return {
    promiseFor,

    /** Another instance saved the calendar (or anything the change feed reports). */
    forgetCalendar,

    /** GET /delivery/estimate: the promise shown on the product page and in the cart. */
    async estimate(pincode: string, productId?: number): Promise<DeliveryEstimate> {
      const [area, calendar, products] = await Promise.all([
        areaOf(db, pincode),
        calendarOf(db),
        productId ? deps.catalog.productsByIds([productId]) : undefined,
      ]);
      const product = productId ? products?.get(productId) : undefined;
      if (productId && (!product || !product.isActive))
        throw new NotFoundError('No product found.');
      const service = toService(area);
      const at = now();
      const promise = deliveryPromise(at, calendar, service);
      const inStock = product ? product.quantity > 0 : null;
      const sendable = promise !== null && inStock !== false;
      return {
        pincode,
        serviceable: promise !== null,
        zone: promise ? (service?.zone ?? null) : null,
        cashOnDelivery: promise !== null && (service?.cashOnDelivery ?? false),
        deliverBy: sendable ? promise.deliverBy : null,
        dispatchOn: sendable ? promise.dispatchOn : null,
        sameDay: sendable ? promise.sameDay : false,
        inStock,
        text:
          promise && inStock === false
            ? 'Out of stock'
            : deliveryPromiseText(pincode, promise, indiaToday(at)),
      };
    },

    /**
     * The address step: a pincode the shop does not serve is refused with a sentence (the address
     * book may keep it). Answers the promised delivery date for the order.
     */
    async requireServed(pincode: string, tx: DbOrTx): Promise<PincodePromise> {
      const promise = await promiseFor(pincode, tx);
      if (!promise.serviceable) throw new ConflictError(notServedText(pincode));
      return promise;
    },

    /** Cash on delivery at this pincode, or the sentence that says why not. */
    async cashOnDeliveryAt(
      pincode: string,
      tx: DbOrTx,
    ): Promise<{ offered: true } | { offered: false; reason: string }> {
      const promise = await promiseFor(pincode, tx);
      if (!promise.serviceable) return { offered: false, reason: notServedText(pincode) };
      if (!promise.cashOnDelivery) return { offered: false, reason: codNotAtPincodeText(pincode) };
      return { offered: true };
    },

    async listAreas(query: { pincode?: string; page: number }) {
      const { rows, rowCount } = await repository.listAreas(
        db,
        { pincode: query.pincode },
        query.page,
        DELIVERY_AREA_PAGE_SIZE,
      );
      return {
        areas: rows.map(toArea),
        pagination: {
          page: query.page,
          pageSize: DELIVERY_AREA_PAGE_SIZE,
          rowCount,
          pageCount: Math.ceil(rowCount / DELIVERY_AREA_PAGE_SIZE),
        },
      };
    },

    async createArea(input: DeliveryAreaInput, byUserId: number) {
      return changingAreas(() =>
        db.transaction(async (tx) => {
          const values = areaValues(input);
          await refuseSameRange(tx, values);
          const row = await repository.insertArea(tx, values);
          await recordAudit(tx, {
            actorUserId: byUserId,
            action: 'delivery.area_saved',
            entityType: 'delivery_area',
            entityId: row.id,
            details: { after: toArea(row) },
          });
          return toArea(row);
        }),
      );
    },

    async updateArea(id: number, input: DeliveryAreaInput, byUserId: number) {
      return changingAreas(() =>
        db.transaction(async (tx) => {
          const before = await repository.findArea(tx, id);
          if (!before) throw new NotFoundError(AREA_NOT_FOUND);
          const values = areaValues(input);
          await refuseSameRange(tx, values, id);
          const row = await repository.updateArea(tx, id, values);
          if (!row) throw new NotFoundError(AREA_NOT_FOUND);
          await recordAudit(tx, {
            actorUserId: byUserId,
            action: 'delivery.area_saved',
            entityType: 'delivery_area',
            entityId: id,
            details: { before: toArea(before), after: toArea(row) },
          });
          return toArea(row);
        }),
      );
    },

    async deleteArea(id: number, byUserId: number) {
      await changingAreas(() =>
        db.transaction(async (tx) => {
          const row = await repository.deleteArea(tx, id);
          if (!row) throw new NotFoundError(AREA_NOT_FOUND);
          await recordAudit(tx, {
            actorUserId: byUserId,
            action: 'delivery.area_deleted',
            entityType: 'delivery_area',
            entityId: id,
            details: { before: toArea(row) },
          });
        }),
      );
    },

    /** What importing the CSV would do: writes nothing. */
    async previewImport(content: Buffer) {
      const planned = await planImport(db, content);
      return {
        creates: planned.creates,
        updates: planned.updates,
        unchanged: planned.unchanged,
        refused: planned.refused.slice(0, 200),
        sample: planned.rows.slice(0, 50).map((row) => ({
          line: row.line,
          pincodeFrom: pincodeText(row.values.pincodeFrom),
          pincodeTo: pincodeText(row.values.pincodeTo),
          zone: row.values.zone,
          action: row.action,
        })),
      };
    },

    /** Every row in one transaction, or none when any is refused (the preview says which). */
    async importAreas(content: Buffer, byUserId: number) {
      return changingAreas(() =>
        db.transaction(async (tx) => {
          const planned = await planImport(tx, content);
          if (planned.refused.length > 0)
            throw new BadRequestError(
              `${planned.refused.length} rows cannot be imported (first: line ${planned.refused[0]?.line}: ${planned.refused[0]?.message}). Nothing was changed.`,
            );
          for (const row of planned.rows) {
            if (row.action === 'create') await repository.insertArea(tx, row.values);
            else if (row.action === 'update' && row.id !== undefined)
              await repository.updateArea(tx, row.id, row.values);
          }
          await recordAudit(tx, {
            actorUserId: byUserId,
            action: 'delivery.areas_imported',
            entityType: 'delivery_area',
            entityId: 'import',
            details: {
              creates: planned.creates,
              updates: planned.updates,
              unchanged: planned.unchanged,
            },
          });
          return {
            message: `Imported: ${planned.creates} added, ${planned.updates} changed, ${planned.unchanged} unchanged.`,
            creates: planned.creates,
            updates: planned.updates,
            unchanged: planned.unchanged,
          };
        }),
      );
    },

    async calendar() {
      const calendar = await repository.readCalendar(db);
      return {
        workingDays: calendar.workingDays,
        dispatchCutoff: calendar.dispatchCutoff,
        holidays: calendar.holidays,
      };
    },

    async saveCalendar(input: DeliveryCalendarInput, byUserId: number) {
      const saved = await db.transaction(async (tx) => {
        const before = await repository.readCalendar(tx);
        const workingDays = [...input.workingDays].sort((a, b) => a - b);
        const holidays = [...input.holidays].sort((a, b) => a.day.localeCompare(b.day));
        await repository.saveCalendar(tx, {
          workingDays,
          dispatchCutoff: input.dispatchCutoff,
          holidays,
        });
        await recordAudit(tx, {
          actorUserId: byUserId,
          action: 'delivery.calendar_saved',
          entityType: 'delivery_calendar',
          entityId: 1,
          details: {
            before: {
              workingDays: before.workingDays,
              dispatchCutoff: before.dispatchCutoff,
              holidays: before.holidays,
            },
            after: { workingDays, dispatchCutoff: input.dispatchCutoff, holidays },
          },
        });
        return { workingDays, dispatchCutoff: input.dispatchCutoff, holidays };
      });
      forgetCalendar();
      deps.onCalendarSaved?.();
      return saved;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
