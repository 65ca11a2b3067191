import {
  MESSAGES,
  STOCK_ALERT_TEXTS,
  consentUnsubscribePurpose,
  type StockAlert,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { signMailLinkToken } from '../../lib/mail-link-token';
import type { JobQueue } from '../jobs/job-queue';
import type { MailOutbox } from '../notifications/mail-outbox';
import type { ConsentsService } from '../privacy/consents.service';
import { backInStockMail } from './back-in-stock-mail';
import * as repository from './stock-alerts.repository';

export const BACK_IN_STOCK_QUEUE = 'back-in-stock';
/** Requests mailed per transaction; a product with more waiting is worked in several slices. */
const FAN_OUT_SLICE = 500;

const PRODUCT_NOT_FOUND = 'Product not found.';

/**
 * 'Notify me when available' (issue 17): a request waits until the product's sellable stock goes
 * from none to some; then each waiting shopper gets one mail and the request is fulfilled.
 */
export function createStockAlerts(deps: {
  db: Database;
  jobs: JobQueue;
  outbox: MailOutbox;
  publicUrl: string;
  shopName: string;
  jwtSecret: string;
  /** Issue 32: no mail to whoever withdrew their back-in-stock consent. */
  consents: Pick<ConsentsService, 'allowedAmong'>;
  now?: (() => Date) | undefined;
}) {
  const { db, jobs } = deps;

  const queueFanOut = (tx: DbOrTx, productId: number) =>
    jobs.enqueue(tx, BACK_IN_STOCK_QUEUE, { productId }, { singletonKey: String(productId) });

  /** One slice of a product's waiting requests: fulfilled and their mails queued together. */
  async function fanOutSlice(productId: number): Promise<'done' | 'more'> {
    return db.transaction(async (tx) => {
      const product = await repository.findProduct(tx, productId);
      // Sold out again (or withdrawn) before the job ran: the requests keep waiting.
      if (!product || !product.isActive || product.quantity <= 0) return 'done';
      const waiting = await repository.lockWaiting(tx, productId, FAN_OUT_SLICE);
      // A withdrawn consent: the request is fulfilled all the same, without a mail.
      const allowed = await deps.consents.allowedAmong(
        tx,
        waiting.map((request) => request.email),
        'back_in_stock',
      );
      for (const request of waiting.filter((each) => allowed.has(each.email))) {
        const unsubscribeToken = await signMailLinkToken(
          deps.jwtSecret,
          {
            purpose: consentUnsubscribePurpose('back_in_stock'),
            subject: request.userId,
            userId: request.userId,
          },
          deps.now?.(),
        );
        await deps.outbox.enqueue(
          tx,
          'stock.back_in_stock',
          backInStockMail(request, product, {
            publicUrl: deps.publicUrl,
            shopName: deps.shopName,
            unsubscribeToken,
          }),
        );
      }
      await repository.markNotified(
        tx,
        waiting.map((request) => request.id),
      );
      return waiting.length === FAN_OUT_SLICE ? 'more' : 'done';
    });
  }

  jobs.work<{ productId: number }>(BACK_IN_STOCK_QUEUE, async (job) => {
    let slice: 'done' | 'more' = 'more';
    while (slice === 'more') slice = await fanOutSlice(job.data.productId);
  });

  return {
    /** Inventory's hook: products that just came back in stock, in the restocking transaction. */
    async restocked(tx: DbOrTx, productIds: number[]) {
      for (const productId of await repository.productsWithWaiting(tx, productIds)) {
        await queueFanOut(tx, productId);
      }
    },

    async request(userId: number, productId: number): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const product = await repository.findProduct(tx, productId, true);
        if (!product || !product.isActive) throw new NotFoundError(PRODUCT_NOT_FOUND);
        await repository.insertRequest(tx, userId, productId);
        // Asked while it is in stock (a stale page): it is available, so the mail goes now.
        if (product.quantity > 0) await queueFanOut(tx, productId);
      });
      return { message: MESSAGES.notifyWhenAvailable };
    },

    async status(userId: number, productId: number) {
      return { waiting: await repository.hasWaiting(db, userId, productId) };
    },

    async list(userId: number): Promise<{ alerts: StockAlert[] }> {
      const rows = await repository.listForUser(db, userId);
      return {
        alerts: rows.map((row) => ({
          id: row.id,
          productId: row.productId,
          productName: row.productName,
          inStock: row.isActive && row.quantity > 0,
          requestedAt: row.requestedAt.toISOString(),
          notifiedAt: row.notifiedAt ? row.notifiedAt.toISOString() : null,
        })),
      };
    },

    async cancel(userId: number, productId: number): Promise<{ message: string }> {
      if (!(await repository.deleteWaiting(db, userId, productId)))
        throw new NotFoundError(STOCK_ALERT_TEXTS.notFound);
      return { message: STOCK_ALERT_TEXTS.cancelled };
    },
  };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;
