import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUS,
  formatMoney,
  fromMinorUnits,
  gstLine,
  type OrderDetailResponse,
  type OrderPricing,
} from '@pharmacy/shared';
import {
  couponRedemptions,
  coupons,
  loyaltyLedger,
  orderLines,
  orders,
  payments,
  taxDocuments,
} from '../src/db/schema/index';
import { createCouponsService } from '../src/modules/coupons/coupons.service';
import { taxDocumentContentSchema } from '../src/modules/invoices/invoice-content';
import { createLoyaltyService } from '../src/modules/loyalty/loyalty.service';
import { createPromotionsService } from '../src/modules/promotions/promotions.service';
import {
  createBasics,
  createDivision,
  createProduct,
  type CatalogBasics,
} from './catalog-factories';
import { createAdmin, createUser, validAddress, type TestUser } from './factories';
import { pdfText } from './support/pdf-text';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { givePoints, insertCoupon, insertOrderAtPayment } from './support/promotions';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const money = (paise: number) => formatMoney(fromMinorUnits(paise), '');

/** Issue 19 items 4 and 5: a coupon and points on an order before payment, priced on the server. */
describe(`coupons and points before payment (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let otherDivisionId: number;
  let admin: TestUser;
  let tablets: number;
  let syrup: number;
  let rxOnly: number;
  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    otherDivisionId = (await createDivision(t.database.db)).id;
    admin = await createAdmin(t);
    tablets = (
      await createProduct(t.database.db, basics, {
        offerPriceMinor: 33_333,
        maximumRetailPriceMinor: 40_000,
      })
    ).id;
    syrup = (
      await createProduct(
        t.database.db,
        { ...basics, divisionId: otherDivisionId },
        {
          offerPriceMinor: 10_001,
          maximumRetailPriceMinor: 12_000,
        },
      )
    ).id;
    rxOnly = (
      await createProduct(t.database.db, basics, { offerPriceMinor: 5_000, prescription: true })
    ).id;
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user?.auth ?? {},
      ...(payload ? { payload } : {}),
    });
  const applyCoupon = (user: TestUser, orderId: number, code: string) =>
    call(user, 'POST', `/order/${orderId}/coupon`, { code });
  const pricing = async (user: TestUser, orderId: number) => {
    const res = await call(user, 'GET', `/order/${orderId}/pricing`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderPricing;
  };
  const orderRow = async (orderId: number) => {
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    return row as NonNullable<typeof row>;
  };
  const linesOf = (orderId: number) =>
    db()
      .select({
        gross: orderLines.unitPriceMinor,
        quantity: orderLines.quantity,
        discount: orderLines.discountMinor,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.id);
  const timesUsed = async (couponId: number) =>
    (await db().select({ n: coupons.timesUsed }).from(coupons).where(eq(coupons.id, couponId)))[0]
      ?.n;
  const heldRedemptions = (couponId: number) =>
    db()
      .select({ orderId: couponRedemptions.orderId })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), isNull(couponRedemptions.releasedAt)));

  /** The order's invariant: its total is exactly the sum of its lines less their discounts. */
  async function expectTotalIsSumOfLines(orderId: number) {
    const lines = await linesOf(orderId);
    const order = await orderRow(orderId);
    const paid = lines.reduce((sum, line) => sum + line.gross * line.quantity - line.discount, 0);
    expect(order.totalOrderValueMinor).toBe(paid);
    const discounts = lines.reduce((sum, line) => sum + line.discount, 0);
    expect(discounts).toBe(order.couponDiscountMinor + order.pointsDiscountMinor);
    for (const line of lines) expect(line.discount).toBeLessThanOrEqual(line.gross * line.quantity);
  }

  describe('every failing condition says which in a sentence and changes nothing', () => {
    const DAY = 86_400_000;
    it.each([
      ['inactive', { isActive: false }, (code: string) => `The code ${code} is no longer active.`],
      [
        'not yet valid',
        { startsAt: new Date(Date.now() + DAY) },
        (code: string) => `The code ${code} is not valid yet.`,
      ],
      [
        'expired',
        { startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - 1000) },
        (code: string) => `The code ${code} has expired.`,
      ],
      [
        'below the minimum order',
        { minOrderMinor: 100_000 },
        (code: string) =>
          `The code ${code} needs an order of at least ₹1000; add ₹666.67 more to use it.`,
      ],
      [
        'used up',
        { usageLimit: 1, timesUsed: 1 },
        (code: string) => `The code ${code} has been used as many times as it can be.`,
      ],
      [
        'for other products',
        { productIds: [999_999] },
        (code: string) => `The code ${code} does not apply to any product in this order.`,
      ],
    ])('%s', async (_name, terms, sentence) => {
      const user = await createUser(t);
      const coupon = await insertCoupon(db(), terms);
      const orderId = await insertOrderAtPayment(db(), user.id, [
        { productId: tablets, unitPriceMinor: 33_333 },
      ]);
      const res = await applyCoupon(user, orderId, coupon.code.toLowerCase());
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(sentence(coupon.code));
      expect((await orderRow(orderId)).totalOrderValueMinor).toBe(33_333);
      expect(await timesUsed(coupon.id)).toBe(coupon.timesUsed);
      expect(await heldRedemptions(coupon.id)).toHaveLength(0);
    });

    it('prescription medicines excluded, and a division the order does not hold', async () => {
      const user = await createUser(t);
      const rxOrder = await insertOrderAtPayment(db(), user.id, [
        { productId: rxOnly, unitPriceMinor: 5_000, prescription: true },
      ]);
      const noRx = await insertCoupon(db(), { excludePrescription: true });
      const res = await applyCoupon(user, rxOrder, noRx.code);
      expect(res.json().message).toBe(
        `The code ${noRx.code} does not apply to prescription medicines.`,
      );
      const syrupsOnly = await insertCoupon(db(), { divisionIds: [otherDivisionId] });
      const other = await applyCoupon(user, rxOrder, syrupsOnly.code);
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(
        `The code ${syrupsOnly.code} does not apply to any product in this order.`,
      );
    });

    it('an unknown code is 400, once per customer is 409 on the second order', async () => {
      const user = await createUser(t);
      const first = await insertOrderAtPayment(db(), user.id, [
        { productId: tablets, unitPriceMinor: 33_333 },
      ]);
      const second = await insertOrderAtPayment(db(), user.id, [
        { productId: tablets, unitPriceMinor: 33_333 },
      ]);
      const unknown = await applyCoupon(user, first, 'no-such-code');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('There is no coupon with the code NO-SUCH-CODE.');
      const once = await insertCoupon(db(), { perCustomerLimit: 1 });
      expect((await applyCoupon(user, first, once.code)).statusCode).toBe(200);
      // Applying it again to the same order changes nothing and takes no second use.
      expect((await applyCoupon(user, first, once.code)).statusCode).toBe(200);
      expect(await timesUsed(once.id)).toBe(1);
      const again = await applyCoupon(user, second, once.code);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(`You have already used the code ${once.code}.`);
      // Removing it from the first order gives the use back: the second order may take it.
      expect((await call(user, 'DELETE', `/order/${first}/coupon`)).statusCode).toBe(200);
      expect(await timesUsed(once.id)).toBe(0);
      expect((await applyCoupon(user, second, once.code)).statusCode).toBe(200);
    });
  });

  it('prices exactly: the coupon on the lines it covers, points after it on every line, total = Σ lines', async () => {
    const user = await createUser(t);
    await givePoints(db(), user.id, 500);
    const orderId = await insertOrderAtPayment(db(), user.id, [
      { productId: tablets, unitPriceMinor: 33_333 },
      { productId: syrup, unitPriceMinor: 10_001, quantity: 3 },
      { productId: rxOnly, unitPriceMinor: 5_000, prescription: true },
    ]);
    // 10% of the first division's non-prescription lines only: ₹333.33 → ₹33.33.
    const coupon = await insertCoupon(db(), {
      percentOff: 10,
      divisionIds: [basics.divisionId],
      excludePrescription: true,
    });
    const applied = await applyCoupon(user, orderId, coupon.code);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      editable: true,
      subtotal: 683.36,
      coupon: { code: coupon.code, discount: 33.33 },
      total: 650.03,
      points: { redeemed: 0, balance: 500, pointValue: 1 },
    });
    // 20% of ₹650.03 = ₹130.00 → 130 points at ₹1.
    expect((applied.json() as OrderPricing).points.maxForOrder).toBe(130);
    expect((await linesOf(orderId)).map((line) => line.discount)).toEqual([3333, 0, 0]);
    await expectTotalIsSumOfLines(orderId);

    const tooMany = await call(user, 'POST', `/order/${orderId}/points`, { points: 131 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      'At most 130 points can be used on this order (up to 20% of its value).',
    );
    const beyondBalance = await call(user, 'POST', `/order/${orderId}/points`, { points: 501 });
    expect(beyondBalance.statusCode).toBe(409);
    expect(beyondBalance.json().message).toBe('You have 500 points; you cannot use 501.');
    const notWhole = await call(user, 'POST', `/order/${orderId}/points`, { points: 1.5 });
    expect(notWhole.statusCode).toBe(400);
    expect(notWhole.json().message).toBe('points: Choose a whole number of points to use.');

    const spent = await call(user, 'POST', `/order/${orderId}/points`, { points: 100 });
    expect(spent.statusCode, spent.body).toBe(200);
    expect(spent.json()).toMatchObject({
      total: 550.03,
      points: { redeemed: 100, discount: 100, balance: 400, maxForOrder: 130 },
    });
    await expectTotalIsSumOfLines(orderId);
    // ₹100 over what is left of each line (₹300.00, ₹300.03, ₹50.00) in proportion: 4615.17,
    // 4615.63 and 769.19 paise; the one paisa left goes to the largest remainder (the second).
    expect((await linesOf(orderId)).map((line) => line.discount)).toEqual([3333 + 4615, 4616, 769]);
    // Spending again replaces the earlier redemption: the balance counts it once.
    const replaced = await call(user, 'POST', `/order/${orderId}/points`, { points: 30 });
    expect(replaced.json()).toMatchObject({
      total: 620.03,
      points: { redeemed: 30, balance: 470 },
    });

    const detail = (
      await call(user, 'GET', `/order/getOrderDetail/${orderId}`)
    ).json() as OrderDetailResponse;
    expect(detail.order).toMatchObject({
      subtotal: 683.36,
      couponCode: coupon.code,
      couponDiscount: 33.33,
      pointsRedeemed: 30,
      pointsDiscount: 30,
      totalOrderValue: 620.03,
    });
    expect(
      detail.orderDetails.reduce((sum, line) => sum + Math.round((line.discount ?? 0) * 100), 0),
    ).toBe(6333);

    const removed = await call(user, 'DELETE', `/order/${orderId}/points`);
    expect(removed.json()).toMatchObject({ total: 650.03, points: { redeemed: 0, balance: 500 } });
    const noCoupon = await call(user, 'DELETE', `/order/${orderId}/coupon`);
    expect(noCoupon.json()).toMatchObject({ total: 683.36, coupon: null, subtotal: 683.36 });
    expect((await linesOf(orderId)).map((line) => line.discount)).toEqual([0, 0, 0]);
    expect(await timesUsed(coupon.id)).toBe(0);
    const ledger = await db()
      .select({ points: loyaltyLedger.points })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.userId, user.id));
    expect(ledger.reduce((sum, row) => sum + row.points, 0)).toBe(500);
  });

  it('a coupon applied after points lowers the points to the new cap; replacing a coupon gives its use back', async () => {
    const user = await createUser(t);
    await givePoints(db(), user.id, 1000);
    const orderId = await insertOrderAtPayment(db(), user.id, [
      { productId: tablets, unitPriceMinor: 100_000 },
    ]);
    expect((await call(user, 'POST', `/order/${orderId}/points`, { points: 200 })).statusCode).toBe(
      200,
    );
    const half = await insertCoupon(db(), { percentOff: 50 });
    const res = await applyCoupon(user, orderId, half.code);
    expect(res.statusCode, res.body).toBe(200);
    // ₹500 left after the coupon: at most ₹100 of points.
    expect(res.json()).toMatchObject({
      coupon: { code: half.code, discount: 500 },
      points: { redeemed: 100, balance: 900, maxForOrder: 100 },
      total: 400,
    });
    await expectTotalIsSumOfLines(orderId);
    const fixed = await insertCoupon(db(), {
      kind: 'fixed',
      percentOff: null,
      amountOffMinor: 5_000,
    });
    const swapped = await applyCoupon(user, orderId, fixed.code);
    expect(swapped.json()).toMatchObject({
      coupon: { code: fixed.code, discount: 50 },
      total: 850,
    });
    expect(await timesUsed(half.id)).toBe(0);
    expect(await timesUsed(fixed.id)).toBe(1);
    expect(await heldRedemptions(half.id)).toHaveLength(0);
  });

  it('only the owner applies (others 404), the admin may read; not at Payment or paid is 409', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const coupon = await insertCoupon(db());
    const orderId = await insertOrderAtPayment(db(), owner.id, [
      { productId: tablets, unitPriceMinor: 33_333 },
    ]);
    expect((await applyCoupon(stranger, orderId, coupon.code)).statusCode).toBe(404);
    expect((await applyCoupon(admin, orderId, coupon.code)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/order/${orderId}/pricing`)).statusCode).toBe(404);
    expect((await pricing(admin, orderId)).total).toBe(333.33);

    await db().insert(payments).values({
      orderId,
      method: 'cash_on_delivery',
      provider: 'none',
      amountMinor: 33_333,
      status: 'pending',
      note: 'Cash on Delivery',
    });
    const paid = await applyCoupon(owner, orderId, coupon.code);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(
      'This order has been paid; its discounts can no longer change.',
    );
    expect((await pricing(owner, orderId)).editable).toBe(false);
    await db().update(orders).set({ statusId: ORDER_STATUS.PACKING }).where(eq(orders.id, orderId));
    const moved = await call(owner, 'DELETE', `/order/${orderId}/coupon`);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('This order is not waiting for payment.');
  });

  it('pays the discounted total by card (a fresh intent), and the invoice taxes what was paid', async () => {
    const user = await createUser(t);
    await givePoints(db(), user.id, 50);
    const product = await createProduct(db(), basics, {
      offerPriceMinor: 25_000,
      maximumRetailPriceMinor: 30_000,
      quantity: 5,
    });
    expect(
      (await call(user, 'POST', '/cart', { productId: product.id, quantity: 2 })).statusCode,
    ).toBe(200);
    const placed = await call(user, 'POST', '/order');
    const orderId = placed.json().orderId as number;
    const addressId = (await call(user, 'POST', '/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await call(user, 'PUT', `/order/${orderId}`, { addressId })).statusCode).toBe(200);
    const before = await call(user, 'POST', `/payment/create-intent/${orderId}`);
    expect(before.json().amount).toBe(500);

    const coupon = await insertCoupon(db(), { percentOff: 10 });
    expect((await applyCoupon(user, orderId, coupon.code)).statusCode).toBe(200);
    const points = await call(user, 'POST', `/order/${orderId}/points`, { points: 50 });
    expect(points.json().total).toBe(400);

    const intent = await call(user, 'POST', `/payment/create-intent/${orderId}`);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().amount).toBe(400);
    expect(intent.json().intentId).not.toBe(before.json().intentId);
    const confirmed = await call(user, 'POST', '/payment/test/confirm', {
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const saved = await call(user, 'POST', `/payment/save-payment-details/${orderId}`, {
      paymentId: confirmed.json().paymentIntent.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().order).toMatchObject({
      statusId: ORDER_STATUS.PACKING,
      totalOrderValue: 400,
      subtotal: 500,
      couponCode: coupon.code,
      couponDiscount: 50,
      pointsRedeemed: 50,
      pointsDiscount: 50,
    });
    const [paid] = await db()
      .select({ amount: payments.amountMinor })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
    expect(paid?.amount).toBe(40_000);
    const late = await call(user, 'DELETE', `/order/${orderId}/points`);
    expect(late.statusCode).toBe(409);

    // The GST invoice: tax on what was paid, the discounts named, its total the order's.
    const [invoice] = await db()
      .select({ content: taxDocuments.content })
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, orderId));
    const content = taxDocumentContentSchema.parse(invoice?.content);
    expect(content.totals.total.gross).toBe(40_000);
    expect(content.lines).toHaveLength(1);
    const [line] = content.lines;
    expect(line).toMatchObject({
      ...gstLine(40_000, 5, content.supplyType),
      promotionDiscountMinor: 10_000,
      // (MRP 300 − price 250) × 2 saved on the price, and ₹100 of coupon and points.
      discountMinor: 10_000 + 10_000,
    });
    expect(content.promotions).toEqual({
      couponCode: coupon.code,
      couponDiscountMinor: 5_000,
      pointsRedeemed: 50,
      pointsDiscountMinor: 5_000,
    });
    const pdf = await call(user, 'GET', `/order/${orderId}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Grand total (tax included): Rs. 400.00');
    expect(text).toContain(
      `Discounts at payment, included in the lines' discount, taxable value and tax: coupon ${coupon.code} Rs. 50.00; 50 loyalty points Rs. 50.00.`,
    );
    expect(text).toContain(money(line?.taxable ?? 0));
    expect(text).toContain(money(line?.tax ?? 0));
  });

  it('a change of total cancels the intents of the old total: another tab can no longer pay them', async () => {
    const user = await createUser(t);
    const orderId = await insertOrderAtPayment(db(), user.id, [
      { productId: tablets, unitPriceMinor: 33_333 },
    ]);
    const intent = async () => {
      const res = await call(user, 'POST', `/payment/create-intent/${orderId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { intentId: string; amount: number; clientSecret: string };
    };
    const pay = (clientSecret: string) =>
      call(user, 'POST', '/payment/test/confirm', {
        clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
      });
    const first = await intent();
    expect(await intent()).toMatchObject({ intentId: first.intentId });
    const coupon = await insertCoupon(db(), { percentOff: 10 });
    expect((await applyCoupon(user, orderId, coupon.code)).statusCode).toBe(200);
    const discounted = await intent();
    expect(discounted).toMatchObject({ amount: 300 });
    expect(discounted.intentId).not.toBe(first.intentId);
    // The first tab, still showing ₹333.33, cannot pay it any more.
    const oldTab = await pay(first.clientSecret);
    expect(oldTab.statusCode).not.toBe(200);
    expect(oldTab.body).toContain('The order total changed, so this payment was cancelled.');
    expect((await call(user, 'DELETE', `/order/${orderId}/coupon`)).statusCode).toBe(200);
    const again = await intent();
    expect(again).toMatchObject({ amount: 333.33 });
    expect(again.intentId).not.toBe(first.intentId);
    const rows = await db()
      .select({
        intentId: payments.intentId,
        amount: payments.amountMinor,
        status: payments.status,
      })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(payments.id);
    expect(rows).toEqual([
      { intentId: first.intentId, amount: 33_333, status: 'failed' },
      { intentId: discounted.intentId, amount: 30_000, status: 'failed' },
      { intentId: again.intentId, amount: 33_333, status: 'requires_payment' },
    ]);
    expect((await pay(discounted.clientSecret)).statusCode).not.toBe(200);
    expect((await pay(again.clientSecret)).statusCode).toBe(200);
    const saved = await call(user, 'POST', `/payment/save-payment-details/${orderId}`, {
      paymentId: again.intentId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await orderRow(orderId)).statusId).not.toBe(ORDER_STATUS.PAYMENT);
  });

  it('PUT discounts sets coupon and points in one request; the same state again writes nothing', async () => {
    const user = await createUser(t);
    await givePoints(db(), user.id, 500);
    const orderId = await insertOrderAtPayment(db(), user.id, [
      { productId: tablets, unitPriceMinor: 50_000 },
    ]);
    const coupon = await insertCoupon(db(), { percentOff: 10, usageLimit: 5 });
    const put = (body: { couponCode: string | null; points: number }) =>
      call(user, 'PUT', `/order/${orderId}/discounts`, body);
    const ledgerRows = async () =>
      (await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, user.id))).length;
    const usesOf = async () =>
      (await db().select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.timesUsed;

    // ₹500 − 10% = ₹450; 20% of it = 90 points at most.
    const both = await put({ couponCode: coupon.code.toLowerCase(), points: 90 });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({
      subtotal: 500,
      coupon: { code: coupon.code, discount: 50 },
      points: { redeemed: 90, discount: 90, balance: 410, maxForOrder: 90 },
      total: 360,
    });
    expect(await usesOf()).toBe(1);
    const rowsAfterFirst = await ledgerRows();
    expect((await put({ couponCode: coupon.code, points: 90 })).json()).toMatchObject({
      total: 360,
    });
    expect(await ledgerRows()).toBe(rowsAfterFirst);
    expect(await usesOf()).toBe(1);

    // Too many points: 400 with the cap's sentence, and nothing changed (the coupon kept too).
    const tooMany = await put({ couponCode: null, points: 101 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      'At most 100 points can be used on this order (up to 20% of its value).',
    );
    expect(await usesOf()).toBe(1);
    expect((await pricing(user, orderId)).total).toBe(360);

    const unknown = await put({ couponCode: 'NOPE-NOPE', points: 0 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('There is no coupon with the code NOPE-NOPE.');

    const none = await put({ couponCode: null, points: 0 });
    expect(none.json()).toMatchObject({
      coupon: null,
      points: { redeemed: 0, balance: 500 },
      total: 500,
    });
    expect(await usesOf()).toBe(0);
    const negative = await put({ couponCode: null, points: -1 });
    expect(negative.statusCode).toBe(400);
  });

  it('a usage limit of 10 holds with 100 members applying at once on 100 orders', async () => {
    const coupon = await insertCoupon(db(), { usageLimit: 10 });
    const members = await Promise.all(Array.from({ length: 100 }, () => createUser(t)));
    const orderIds: number[] = [];
    for (const member of members)
      orderIds.push(
        await insertOrderAtPayment(db(), member.id, [
          { productId: tablets, unitPriceMinor: 33_333 },
        ]),
      );
    const answers = await Promise.all(
      members.map((member, i) => applyCoupon(member, orderIds[i] as number, coupon.code)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(90);
    for (const res of answers.filter((answer) => answer.statusCode === 409))
      expect(res.json().message).toBe(
        `The code ${coupon.code} has been used as many times as it can be.`,
      );
    expect(await timesUsed(coupon.id)).toBe(10);
    const held = await heldRedemptions(coupon.id);
    expect(held).toHaveLength(10);
    // Exactly the orders that were told yes carry the discount.
    const winners = orderIds.filter((_, i) => answers[i]?.statusCode === 200).sort();
    expect(held.map((row) => row.orderId).sort()).toEqual(winners);
    for (const orderId of orderIds) {
      const order = await orderRow(orderId);
      expect(order.totalOrderValueMinor).toBe(winners.includes(orderId) ? 30_000 : 33_333);
    }
  });

  it('a per-customer limit of 2 holds with one member applying on 6 orders at once', async () => {
    const coupon = await insertCoupon(db(), { perCustomerLimit: 2 });
    const member = await createUser(t);
    const orderIds: number[] = [];
    for (let i = 0; i < 6; i += 1)
      orderIds.push(
        await insertOrderAtPayment(db(), member.id, [
          { productId: tablets, unitPriceMinor: 33_333 },
        ]),
      );
    const answers = await Promise.all(orderIds.map((id) => applyCoupon(member, id, coupon.code)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(2);
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `You have already used the code ${coupon.code} 2 times, its limit per customer.`,
      );
    }
    expect(await timesUsed(coupon.id)).toBe(2);
  });

  it("the customer's cancellation gives the coupon's use back and the points too", async () => {
    const user = await createUser(t);
    await givePoints(db(), user.id, 100);
    const coupon = await insertCoupon(db(), { usageLimit: 1 });
    const orderId = await insertOrderAtPayment(db(), user.id, [
      { productId: tablets, unitPriceMinor: 33_333 },
    ]);
    expect((await applyCoupon(user, orderId, coupon.code)).statusCode).toBe(200);
    expect((await call(user, 'POST', `/order/${orderId}/points`, { points: 20 })).statusCode).toBe(
      200,
    );
    expect(await timesUsed(coupon.id)).toBe(1);
    const cancelled = await call(user, 'POST', `/order/${orderId}/cancel`, {
      reasonCode: 'other',
      reasonText: 'Changed my mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await timesUsed(coupon.id)).toBe(0);
    expect(await heldRedemptions(coupon.id)).toHaveLength(0);
    const ledger = await db()
      .select({ points: loyaltyLedger.points })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.userId, user.id));
    expect(ledger.reduce((sum, row) => sum + row.points, 0)).toBe(100);
    // The use is free again: another member may take it.
    const other = await createUser(t);
    const next = await insertOrderAtPayment(db(), other.id, [
      { productId: tablets, unitPriceMinor: 33_333 },
    ]);
    expect((await applyCoupon(other, next, coupon.code)).statusCode).toBe(200);
  });

  it('onOrderCancelled gives the coupon use back (the order keeps what it was charged)', async () => {
    const user = await createUser(t);
    const coupon = await insertCoupon(db(), { usageLimit: 1 });
    const orderId = await insertOrderAtPayment(db(), user.id, [
      { productId: tablets, unitPriceMinor: 33_333 },
    ]);
    expect((await applyCoupon(user, orderId, coupon.code)).statusCode).toBe(200);
    const loyalty = createLoyaltyService({ db: db(), policy: t.config.loyalty });
    const promotions = createPromotionsService({
      db: db(),
      loyalty,
      coupons: createCouponsService({ db: db() }),
      policy: t.config.loyalty,
    });
    await db().transaction((tx) => promotions.onOrderCancelled(tx, { orderId }));
    expect(await timesUsed(coupon.id)).toBe(0);
    expect(await heldRedemptions(coupon.id)).toHaveLength(0);
    expect((await orderRow(orderId)).couponCode).toBe(coupon.code);
    // Twice is harmless.
    await db().transaction((tx) => promotions.onOrderCancelled(tx, { orderId }));
    expect(await timesUsed(coupon.id)).toBe(0);
  });
});
