import {
  consentUnsubscribePurpose,
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  REFILL_QUANTITY_MAX,
  REFILL_TEXTS,
  isRefillableMedicine,
  nextRefillDueOnOrAfter,
  refillCreatedMessage,
  refillExistsMessage,
  refillPausedMessage,
  refillReminderDate,
  refillResumedMessage,
  refillScanStep,
  refillStartDay,
  refillUnsubscribedMessage,
  refillUpdatedMessage,
  rescheduleRefill,
  utcDay,
  type Product,
  type Refill,
  type RefillAddToCartResponse,
  type RefillCreateInput,
  type RefillOrderOptions,
  type RefillResponse,
  type RefillUnsubscribeResponse,
  type RefillUpdateInput,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { CatalogService } from '../catalog/catalog.service';
import type { JobQueue } from '../jobs/job-queue';
import type { MailOutbox } from '../notifications/mail-outbox';
import type { OrdersService } from '../orders/orders.service';
import type { PrescriptionRecordsService } from '../prescriptions/prescription-records.service';
import type { ReorderService } from '../reorder/reorder.service';
import { refillReminderMail } from './refill-mail';
import * as repository from './refills.repository';
import {
  UnsubscribeTokenError,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from './unsubscribe-token';
import { signMailLinkToken } from '../../lib/mail-link-token';
import type { ConsentsService } from '../privacy/consents.service';

export const REFILL_REMINDER_QUEUE = 'refill-reminders';
/** Every 15 minutes (UTC): a reminder goes out within a quarter of an hour of its day starting. */
export const REFILL_REMINDER_CRON = '*/15 * * * *';
/** Reminders handled per transaction; more are worked in further slices of the same scan. */
const SCAN_SLICE = 200;

/** A product a reminder may be set for: still sold online, and a medicine. */
function refillable(product: Product | undefined): product is Product {
  return (
    product !== undefined &&
    product.isActive &&
    product.schedule.onlineSale &&
    isRefillableMedicine(product)
  );
}

/**
 * Refill reminders (issue 17 part 4). A customer sets one from a medicine line of their own
 * order; the next refill is due one interval after the order's day (its delivery, else its
 * placing), and a new confirmed order of the product starts the interval again. A scheduled scan
 * mails each due date once, a few days ahead, with a link that puts the refill in the cart and an
 * unsubscribe link that needs no sign-in. Unsubscribing pauses the reminder rather than deleting
 * it: a mail client's one-click POST or a forwarded mail must not destroy what the customer set up,
 * and resuming in My Refills brings it back with its rhythm.
 */
export function createRefillsService(deps: {
  db: Database;
  jobs: JobQueue;
  outbox: MailOutbox;
  orders: Pick<OrdersService, 'getDetail'>;
  catalog: Pick<CatalogService, 'productsByIds'>;
  reorder: Pick<ReorderService, 'putInCart'>;
  /** Issue 31: the reminder says until when a saved prescription covers the medicine. */
  prescriptions?: Pick<PrescriptionRecordsService, 'prescriptionCoversOf'>;
  /** Issue 32: no reminder mail to whoever withdrew their refill-reminder consent. */
  consents?: Pick<ConsentsService, 'allowedAmong'>;
  publicUrl: string;
  shopName: string;
  jwtSecret: string;
  /** REFILL_REMINDER_DAYS_BEFORE. */
  daysBefore: number;
  now?: () => Date;
}) {
  const { db, orders, catalog } = deps;
  const today = () => utcDay(deps.now?.() ?? new Date());

  const toRefill = (row: repository.ListedReminder): Refill => ({
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    productAvailable: row.productActive && row.onlineSale,
    quantity: row.quantity,
    intervalDays: row.intervalDays,
    nextDueOn: row.nextDueOn,
    remindOn: refillReminderDate(row.nextDueOn, row.intervalDays, deps.daysBefore),
    paused: row.paused,
    sourceOrderId: row.sourceOrderId,
    createdAt: row.createdAt.toISOString(),
  });

  /**
   * The reminders as answered, each with until when a saved prescription covers its medicine
   * (issue 31): one look-up for all of them (they are one member's).
   */
  async function toRefills(rows: repository.ListedReminder[], tx: DbOrTx = db) {
    const userId = rows[0]?.userId;
    const covers =
      userId === undefined
        ? undefined
        : await deps.prescriptions?.prescriptionCoversOf(
            userId,
            rows.map((row) => row.productId),
            tx,
          );
    return rows.map((row): Refill => ({
      ...toRefill(row),
      prescription: covers?.get(row.productId) ?? null,
    }));
  }

  async function listed(tx: DbOrTx, id: number): Promise<Refill> {
    const row = await repository.findListed(tx, id);
    if (!row) throw new NotFoundError(REFILL_TEXTS.notFound);
    const [refill] = await toRefills([row], tx);
    return refill ?? toRefill(row);
  }

  /** The customer's own order (the pharmacy sets reminders only from its own orders too). */
  async function ownOrder(session: Session, orderId: number) {
    const detail = await orders.getDetail(session, orderId);
    if (detail.order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
    return detail;
  }

  /** The reminder if it is the customer's; another's is 'not found', never 'forbidden'. */
  async function ownReminder(userId: number, id: number) {
    const row = await repository.findListed(db, id);
    if (!row || row.userId !== userId) throw new NotFoundError(REFILL_TEXTS.notFound);
    return row;
  }

  /**
   * One slice of the scan in one transaction: the reminders locked (SKIP LOCKED, so a scan on
   * another instance takes others), each moved on and marked as mailed for its due date in the
   * same transaction that queues its mail. A due date is therefore mailed exactly once.
   */
  async function scanSlice(day: string, afterId: number) {
    return db.transaction(async (tx) => {
      const rows = await repository.lockDue(tx, {
        today: day,
        daysBefore: deps.daysBefore,
        afterId,
        limit: SCAN_SLICE,
      });
      let mailed = 0;
      const allowed = await deps.consents?.allowedAmong(
        tx,
        rows.map((row) => row.email),
        'refill_reminders',
      );
      for (const row of rows) {
        const step = refillScanStep(row, day, deps.daysBefore);
        if (!step.remind) {
          await repository.markScanned(tx, row.id, { nextDueOn: step.nextDueOn });
          continue;
        }
        // A product no longer sold online gets no mail (its link would add nothing); the due
        // date still counts as handled, so the rhythm goes on should it come back.
        // A withdrawn consent: the due date counts as handled too, without a mail.
        if (row.productActive && row.onlineSale && (allowed?.has(row.email) ?? true)) {
          const unsubscribeToken = await signUnsubscribeToken(
            deps.jwtSecret,
            { reminderId: row.id, userId: row.userId },
            { now: deps.now?.() },
          );
          const mail = refillReminderMail(
            {
              reminderId: row.id,
              email: row.email,
              name: row.name,
              productName: row.productName,
              quantity: row.quantity,
              intervalDays: row.intervalDays,
              dueOn: step.nextDueOn,
              prescription: (
                await deps.prescriptions?.prescriptionCoversOf(row.userId, [row.productId], tx)
              )?.get(row.productId),
            },
            {
              publicUrl: deps.publicUrl,
              shopName: deps.shopName,
              unsubscribeToken,
              stopAllToken: await signMailLinkToken(
                deps.jwtSecret,
                {
                  purpose: consentUnsubscribePurpose('refill_reminders'),
                  subject: row.userId,
                  userId: row.userId,
                },
                deps.now?.(),
              ),
            },
          );
          await deps.outbox.enqueue(tx, 'refill.reminder', mail);
          mailed += 1;
        }
        await repository.markScanned(tx, row.id, {
          nextDueOn: step.nextDueOn,
          remindedForDueOn: step.nextDueOn,
        });
      }
      return { mailed, lastId: rows.at(-1)?.id, full: rows.length === SCAN_SLICE };
    });
  }

  /** Every reminder due today, slice by slice; the number of mails queued. */
  async function scan(): Promise<number> {
    const day = today();
    let afterId = 0;
    let mailed = 0;
    for (;;) {
      const slice = await scanSlice(day, afterId);
      mailed += slice.mailed;
      if (!slice.full || slice.lastId === undefined) return mailed;
      afterId = slice.lastId;
    }
  }

  deps.jobs.work(REFILL_REMINDER_QUEUE, async () => {
    await scan();
  });

  return {
    scan,

    async list(userId: number): Promise<{ refills: Refill[] }> {
      return { refills: await toRefills(await repository.listForUser(db, userId)) };
    },

    /** The order's lines a reminder can be set for, each with the customer's reminder if any. */
    async optionsForOrder(session: Session, orderId: number): Promise<RefillOrderOptions> {
      const detail = await ownOrder(session, orderId);
      if (detail.order.statusId === ORDER_STATUS.CANCELLED) return { lines: [] };
      const productIds = detail.orderDetails.flatMap((line) =>
        line.product ? [line.product.id] : [],
      );
      const products = await catalog.productsByIds(productIds);
      const reminders = new Map(
        (await toRefills(await repository.listForProducts(db, session.userId, productIds))).map(
          (refill) => [refill.productId, refill],
        ),
      );
      const seen = new Set<number>();
      const lines: RefillOrderOptions['lines'] = [];
      for (const line of detail.orderDetails) {
        const product = line.product ? products.get(line.product.id) : undefined;
        if (!refillable(product) || seen.has(product.id)) continue;
        seen.add(product.id);
        lines.push({
          orderLineId: line.id,
          productId: product.id,
          productName: product.name,
          quantity: line.quantity,
          refill: reminders.get(product.id) ?? null,
        });
      }
      return { lines };
    },

    async create(session: Session, input: RefillCreateInput): Promise<RefillResponse> {
      const detail = await ownOrder(session, input.orderId);
      if (detail.order.statusId === ORDER_STATUS.CANCELLED)
        throw new BadRequestError(REFILL_TEXTS.orderCancelled);
      const line = detail.orderDetails.find((each) => each.id === input.orderLineId);
      if (!line) throw new BadRequestError(REFILL_TEXTS.lineNotInOrder);
      const product = line.product
        ? (await catalog.productsByIds([line.product.id])).get(line.product.id)
        : undefined;
      if (!product || !product.isActive || !product.schedule.onlineSale)
        throw new BadRequestError(REFILL_TEXTS.productGone);
      if (!refillable(product)) throw new BadRequestError(REFILL_TEXTS.notMedicine);

      const nextDueOn = nextRefillDueOnOrAfter(
        refillStartDay(detail.order),
        input.intervalDays,
        today(),
      );
      const id = await repository.insertReminder(db, {
        userId: session.userId,
        productId: product.id,
        quantity: input.quantity ?? Math.min(line.quantity, REFILL_QUANTITY_MAX),
        intervalDays: input.intervalDays,
        nextDueOn,
        sourceOrderId: detail.order.id,
      });
      if (id === undefined) throw new ConflictError(refillExistsMessage(product.name));
      return {
        message: refillCreatedMessage(product.name, input.intervalDays, nextDueOn),
        refill: await listed(db, id),
      };
    },

    /** Interval, quantity, pause and resume; a resumed reminder is not due in the past. */
    async update(userId: number, id: number, input: RefillUpdateInput): Promise<RefillResponse> {
      return db.transaction(async (tx) => {
        const row = await repository.lockReminder(tx, id);
        if (!row || row.userId !== userId) throw new NotFoundError(REFILL_TEXTS.notFound);
        const day = today();
        const intervalDays = input.intervalDays ?? row.intervalDays;
        let nextDueOn =
          intervalDays === row.intervalDays
            ? row.nextDueOn
            : rescheduleRefill(row.nextDueOn, row.intervalDays, intervalDays, day);
        const paused = input.paused ?? row.paused;
        const resumed = row.paused && !paused;
        if (resumed) nextDueOn = rescheduleRefill(nextDueOn, intervalDays, intervalDays, day);
        await repository.updateReminder(tx, id, {
          intervalDays,
          nextDueOn,
          paused,
          quantity: input.quantity ?? row.quantity,
        });
        const refill = await listed(tx, id);
        const message =
          paused && !row.paused
            ? refillPausedMessage(refill.productName)
            : resumed
              ? refillResumedMessage(refill.productName, nextDueOn)
              : refillUpdatedMessage(refill.productName, intervalDays, nextDueOn);
        return { message, refill };
      });
    },

    async remove(userId: number, id: number): Promise<{ message: string }> {
      if (!(await repository.deleteReminder(db, id, userId)))
        throw new NotFoundError(REFILL_TEXTS.notFound);
      return { message: REFILL_TEXTS.deleted };
    },

    /** The mail's one-click link: the reminder's product into the caller's own cart. */
    async addToCart(session: Session, id: number): Promise<RefillAddToCartResponse> {
      const row = await ownReminder(session.userId, id);
      // At least the reminder's units, not on top of the cart: the link may be opened twice.
      const outcome = await deps.reorder.putInCart(
        session.userId,
        [{ productId: row.productId, name: row.productName, ordered: row.quantity }],
        'atLeast',
      );
      const line = outcome.lines[0];
      const message =
        line && line.inCart > 0 && !line.note
          ? `${line.name} is in your cart.`
          : line && line.inCart > 0
            ? `Part of your refill of ${line.name} is in your cart.`
            : `${row.productName} could not be added to your cart.`;
      return { ...outcome, message };
    },

    /** The unsubscribe link (no sign-in): the token names the reminder; it is paused. */
    async unsubscribe(token: string): Promise<RefillUnsubscribeResponse> {
      let claims: { reminderId: number; userId: number };
      try {
        claims = await verifyUnsubscribeToken(deps.jwtSecret, token, deps.now?.() ?? new Date());
      } catch (error) {
        if (error instanceof UnsubscribeTokenError)
          throw new BadRequestError(
            error.reason === 'expired'
              ? REFILL_TEXTS.unsubscribeExpired
              : REFILL_TEXTS.unsubscribeInvalid,
          );
        throw error;
      }
      const paused = await repository.pauseForUser(db, claims.reminderId, claims.userId);
      // Deleted meanwhile: what the link was for holds already, so it is no error.
      if (!paused) return { message: REFILL_TEXTS.unsubscribeGone, productName: null };
      return {
        message: refillUnsubscribedMessage(paused.productName),
        productName: paused.productName,
      };
    },

    /** Orders' hook, inside the confirming transaction: the interval starts again from today. */
    async orderConfirmed(
      tx: DbOrTx,
      confirmed: { userId: number; productIds: number[] },
    ): Promise<void> {
      await repository.restartFrom(tx, confirmed.userId, confirmed.productIds, today());
    },
  };
}

export type RefillsService = ReturnType<typeof createRefillsService>;
