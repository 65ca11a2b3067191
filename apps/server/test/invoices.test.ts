import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, financialYearOf, shortFinancialYearLabel } from '@pharmacy/shared';
import { ConfigError, loadConfig } from '../src/config/env';
import { orders, products, taxDocumentCounters, taxDocuments } from '../src/db/schema/index';
import { createComplianceService } from '../src/modules/compliance/compliance.service';
import { createInvoicesService } from '../src/modules/invoices/invoices.service';
import { addBatch, createBasics, createProduct, type CatalogBasics } from './catalog-factories';
import {
  transcriptionFor,
  caller,
  createAdmin,
  createPharmacist,
  createUser,
  uploadPrescription,
  validAddress,
  type TestUser,
} from './factories';
import { pdfText } from './support/pdf-text';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { readOutbox } from './support/outbox';

/** The seller of the test app: the demo defaults, in Karnataka (29). */
const IN_KARNATAKA = { ...validAddress, city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' };
const IN_MAHARASHTRA = validAddress;

describe(`GST invoices and credit notes (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: { poll: false } });
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = caller(() => t);
  const detail = async (user: TestUser, orderId: number) =>
    (await call(user, 'GET', `/api/order/getOrderDetail/${orderId}`)).json();

  /** An order at the Payment step (after its prescription upload when it needs one). */
  async function orderAtPayment(
    user: TestUser,
    lines: Array<{ productId: number; units: number }>,
    address: object = IN_KARNATAKA,
  ) {
    for (const line of lines) {
      const added = await call(user, 'POST', '/api/cart', {
        productId: line.productId,
        quantity: line.units,
      });
      expect(added.statusCode).toBe(200);
    }
    const placed = await call(user, 'POST', '/api/order');
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().orderId as number;
    const addressId = (await call(user, 'POST', '/api/user/saveAddress', address)).json()
      .addressId as number;
    const confirmed = await call(user, 'PUT', `/api/order/${orderId}`, { addressId });
    expect(confirmed.statusCode).toBe(200);
    if (confirmed.json().order.statusId === ORDER_STATUS.COLLECTING_PRESCRIPTION) {
      const uploaded = await uploadPrescription(t, user, orderId);
      expect(uploaded.statusCode).toBe(200);
    }
    return orderId;
  }

  async function payByCard(user: TestUser, orderId: number) {
    const started = await call(user, 'POST', `/api/payment/create-intent/${orderId}`);
    expect(started.statusCode).toBe(200);
    const { clientSecret } = started.json();
    const confirmed = await call(user, 'POST', '/api/payment/test/confirm', {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(confirmed.statusCode).toBe(200);
    const paymentId = confirmed.json().paymentIntent.id as string;
    const saved = await call(user, 'POST', `/api/payment/save-payment-details/${orderId}`, {
      paymentId,
    });
    expect(saved.statusCode).toBe(200);
    return paymentId;
  }

  const payCashOnDelivery = async (user: TestUser, orderId: number) => {
    const res = await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(res.statusCode).toBe(200);
  };

  const invoiceOf = async (orderId: number) =>
    db()
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, orderId))
      .orderBy(taxDocuments.id);

  const download = (user: TestUser | null, orderId: number, kind = 'invoice') =>
    call(
      user,
      'GET',
      `/api/order/${orderId}/${kind === 'invoice' ? 'invoice' : 'credit-note'}.pdf`,
    );

  const year = shortFinancialYearLabel(financialYearOf(new Date()));

  it('numbers 20 card payments at once 1 to 20 with no gap and no duplicate', async () => {
    const product = await createProduct(db(), basics, { quantity: 100 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    const orderIds = await Promise.all(
      shoppers.map((user) => orderAtPayment(user, [{ productId: product.id, units: 1 }])),
    );
    await Promise.all(shoppers.map((user, i) => payByCard(user, orderIds[i] as number)));
    const numbers = (await db().select({ number: taxDocuments.number }).from(taxDocuments)).map(
      (row) => row.number,
    );
    expect(numbers.sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `INV/${year}/${String(i + 1).padStart(6, '0')}`),
    );
    const [counter] = await db().select().from(taxDocumentCounters);
    expect(counter).toMatchObject({ kind: 'invoice', lastSequence: 20 });
  });

  it('gives a cash-on-delivery order its number at confirmation, once, and says so in the mail', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 10 });
    const orderId = await orderAtPayment(user, [{ productId: product.id, units: 2 }]);
    expect((await detail(user, orderId)).taxDocuments).toEqual({ invoice: null, creditNotes: [] });
    await payCashOnDelivery(user, orderId);
    const [invoice] = await invoiceOf(orderId);
    expect(invoice?.number).toMatch(new RegExp(`^INV/${year}/\\d{6}$`));
    expect((await detail(user, orderId)).taxDocuments).toEqual({
      invoice: { number: invoice?.number, issuedAt: invoice?.issuedAt.toISOString() },
      creditNotes: [],
    });
    // A second confirmation is refused and takes no number.
    const again = await call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
    expect(again.statusCode).toBe(409);
    expect(await invoiceOf(orderId)).toHaveLength(1);

    const mails = (await readOutbox(t.config.dataDir)).filter(
      (mail) => mail.to === user.email && mail.subject.startsWith('Order confirmed'),
    );
    await t.app.jobs.drain();
    const sent = (await readOutbox(t.config.dataDir)).filter(
      (mail) => mail.to === user.email && mail.subject.startsWith('Order confirmed'),
    );
    expect(mails.length + sent.length).toBeGreaterThan(0);
    const mail = sent[0] ?? mails[0];
    expect(mail?.text).toContain(
      `Your tax invoice ${invoice?.number} is ready: sign in and choose 'Download invoice' on your order page: ${t.config.publicUrl}/order/${orderId}`,
    );
  });

  it('keeps the number when the payment is reported again, and never issues a second invoice', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 10 });
    const orderId = await orderAtPayment(user, [{ productId: product.id, units: 1 }]);
    const paymentId = await payByCard(user, orderId);
    const [first] = await invoiceOf(orderId);
    // The same success reported again (the client's save, or the provider's webhook replayed).
    const replay = await call(user, 'POST', `/api/payment/save-payment-details/${orderId}`, {
      paymentId,
    });
    expect(replay.statusCode).toBe(200);
    // And the invoice asked for once more inside a transaction, as a second confirmation would.
    const invoices = createInvoicesService({
      db: db(),
      seller: t.config.seller,
      compliance: createComplianceService(db(), { recordRetentionYears: 3 }),
    });
    const again = await db().transaction((tx) =>
      invoices.issueInvoice(
        tx,
        {
          orderId,
          placedAt: new Date(),
          buyerName: 'Someone',
          shippingAddress: null,
          paymentNote: null,
          hasPrescriptionItems: false,
          lines: [],
          batches: [],
        },
        null,
      ),
    );
    expect(again).toEqual({ number: first?.number, created: false });
    const after = await invoiceOf(orderId);
    expect(after.map((row) => row.number)).toEqual([first?.number]);
  });

  it('leaves no gap when the confirming transaction rolls back', async () => {
    const [before] = await db()
      .select()
      .from(taxDocumentCounters)
      .where(eq(taxDocumentCounters.kind, 'invoice'));
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 10 });
    const orderId = await orderAtPayment(user, [{ productId: product.id, units: 1 }]);
    const invoices = createInvoicesService({
      db: db(),
      seller: t.config.seller,
      compliance: createComplianceService(db(), { recordRetentionYears: 3 }),
    });
    await expect(
      db().transaction(async (tx) => {
        await invoices.issueInvoice(
          tx,
          {
            orderId,
            placedAt: new Date(),
            buyerName: 'Asha',
            shippingAddress: null,
            paymentNote: 'Card payment',
            hasPrescriptionItems: false,
            lines: [],
            batches: [],
          },
          null,
        );
        throw new Error('the payment failed after the number was taken');
      }),
    ).rejects.toThrow('the payment failed');
    const [after] = await db()
      .select()
      .from(taxDocumentCounters)
      .where(eq(taxDocumentCounters.kind, 'invoice'));
    expect(after?.lastSequence).toBe(before?.lastSequence);
    expect(await invoiceOf(orderId)).toHaveLength(0);
    await payByCard(user, orderId);
    const [invoice] = await invoiceOf(orderId);
    expect(invoice?.sequence).toBe((before?.lastSequence ?? 0) + 1);
  });

  it('prints CGST + SGST within Karnataka: totals, HSN, batch, expiry, amount in words', async () => {
    const user = await createUser(t, { name: 'Asha Verma' });
    // 2 × ₹112.00 at 12%: 224.00 = 200.00 taxable + 24.00 tax (12.00 + 12.00).
    const twelve = await createProduct(db(), basics, {
      name: 'Dolo 650 Strip',
      offerPriceMinor: 11200,
      maximumRetailPriceMinor: 12500,
      quantity: 0,
      hsnCode: '30049099',
      gstRate: 12,
    });
    await addBatch(db(), twelve.id, 5, { batchNumber: 'DL2401', expiryDate: '2028-05-31' });
    await db().update(products).set({ quantity: 5 }).where(eq(products.id, twelve.id));
    // 1 × ₹105.00 at 5%: 100.00 taxable + 5.00 tax (2.50 + 2.50).
    const five = await createProduct(db(), basics, {
      name: 'Cetirizine Syrup',
      offerPriceMinor: 10500,
      maximumRetailPriceMinor: 10500,
      quantity: 3,
    });
    const orderId = await orderAtPayment(user, [
      { productId: twelve.id, units: 2 },
      { productId: five.id, units: 1 },
    ]);
    await payByCard(user, orderId);
    // A later change of the catalogue does not touch the issued invoice.
    await db()
      .update(products)
      .set({ gstRate: 18, hsnCode: '3003' })
      .where(eq(products.id, twelve.id));

    const res = await download(user, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [invoice] = await invoiceOf(orderId);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${invoice?.number.replace(/\//g, '-')}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`Invoice No.: ${invoice?.number}`);
    expect(text).toContain(`Order No.: #${orderId}`);
    expect(text).toContain(`GSTIN: ${t.config.seller.gstin}`);
    expect(text).toContain('Drug licence No.: Demo: 20B/KA/BLR/000001');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('Intra-State supply (CGST + SGST)');
    expect(text).toMatch(/CGST SGST/);
    expect(text).not.toContain('IGST');
    expect(text).toContain('30049099');
    expect(text).toContain('DL2401');
    expect(text).toContain('05/2028');
    // The 12% line: MRP 125.00, discount 2 × 13.00, taxable 200.00, 12.00 + 12.00, amount 224.00.
    expect(text).toMatch(
      /Dolo 650 Strip 30049099 DL2401 05\/2028 2 125\.00 26\.00 200\.00 12% 12\.00 12\.00 224\.00/,
    );
    expect(text).toMatch(/5% 100\.00 2\.50 2\.50 5\.00 105\.00/);
    expect(text).toMatch(/12% 200\.00 12\.00 12\.00 24\.00 224\.00/);
    expect(text).toMatch(/Total 300\.00 14\.50 14\.50 29\.00 329\.00/);
    expect(text).toContain('Grand total (tax included): Rs. 329.00');
    expect(text).toContain('Amount in words: Rupees Three Hundred Twenty-Nine Only');
    expect(text).toContain('This is a computer-generated invoice');
    expect(text).toContain(`${invoice?.number} · Page 1 of 1`);
    expect(invoice?.totalMinor).toBe(32900);
  });

  it('prints IGST for a buyer in another State', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, {
      name: 'Pan 40',
      offerPriceMinor: 14050,
      maximumRetailPriceMinor: 15500,
      quantity: 10,
    });
    const orderId = await orderAtPayment(
      user,
      [{ productId: product.id, units: 3 }],
      IN_MAHARASHTRA,
    );
    await payCashOnDelivery(user, orderId);
    const text = pdfText((await download(user, orderId)).rawPayload);
    // 3 × 140.50 = 421.50 at 5%: tax 20.07 (421.50 × 5 / 105 = 20.071…), taxable 401.43.
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('Inter-State supply (IGST)');
    expect(text).toMatch(/Pan 40 3004 \S+ \d{2}\/\d{4} 3 155\.00 43\.50 401\.43 5% 20\.07 421\.50/);
    expect(text).not.toMatch(/CGST/);
    expect(text).toContain('Amount in words: Rupees Four Hundred Twenty-One and Fifty Paise Only');
    expect(text).toContain('Payment: Cash on Delivery.');
  });

  it('prints the approving pharmacist on a prescription order', async () => {
    const pharmacist = await createPharmacist(t, 'KA/PH/2019/00777');
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { prescription: true, quantity: 5 });
    const orderId = await orderAtPayment(user, [{ productId: product.id, units: 1 }]);
    await payByCard(user, orderId);
    expect(pdfText((await download(user, orderId)).rawPayload)).toContain(
      'awaiting review by our registered pharmacist',
    );
    const reviewed = await call(pharmacist, 'POST', `/api/order/${orderId}/prescription-review`, {
      decision: 'approve',
      ...transcriptionFor([product.id]),
    });
    expect(reviewed.statusCode).toBe(200);
    expect(pdfText((await download(user, orderId)).rawPayload)).toContain(
      `approval of registered pharmacist Pharmacist Person (Reg. No. KA/PH/2019/00777)`,
    );
  });

  it('answers 404 to another customer, to nobody signed in 401, and 200 to an admin', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 5 });
    const orderId = await orderAtPayment(owner, [{ productId: product.id, units: 1 }]);
    // Not paid yet: no invoice, the answer of a missing order.
    const early = await download(owner, orderId);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual((await download(owner, 999_999)).json());
    await payCashOnDelivery(owner, orderId);
    expect((await download(owner, orderId)).statusCode).toBe(200);
    const other = await download(stranger, orderId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await download(stranger, 999_999)).json());
    expect((await download(null, orderId)).statusCode).toBe(401);
    expect((await download(admin, orderId)).statusCode).toBe(200);
    expect((await download(owner, orderId, 'credit_note')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/order/abc/invoice.pdf')).statusCode).toBe(400);
  });

  it('credits a cancelled invoiced order once, from the CN series, and keeps the invoice', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, {
      name: 'Azithral 500',
      offerPriceMinor: 11900,
      maximumRetailPriceMinor: 12500,
      quantity: 5,
    });
    const orderId = await orderAtPayment(user, [{ productId: product.id, units: 1 }]);
    await payByCard(user, orderId);
    const [invoice] = await invoiceOf(orderId);
    const cancels = await Promise.all([
      call(admin, 'PUT', `/api/order/${orderId}`, { statusId: ORDER_STATUS.CANCELLED }),
      call(admin, 'PUT', `/api/order/${orderId}`, { statusId: ORDER_STATUS.CANCELLED }),
    ]);
    // One cancels; the other finds it cancelled already and changes nothing.
    expect(cancels.map((res) => res.statusCode)).toEqual([200, 200]);
    const documents = await invoiceOf(orderId);
    expect(documents).toHaveLength(2);
    const [kept, credit] = documents;
    expect(kept).toMatchObject({ kind: 'invoice', number: invoice?.number, id: invoice?.id });
    expect(credit).toMatchObject({
      kind: 'credit_note',
      creditForId: invoice?.id,
      totalMinor: invoice?.totalMinor,
    });
    expect(credit?.number).toMatch(new RegExp(`^CN/${year}/\\d{6}$`));
    expect((await detail(user, orderId)).taxDocuments).toEqual({
      invoice: { number: invoice?.number, issuedAt: invoice?.issuedAt.toISOString() },
      creditNotes: [{ number: credit?.number, issuedAt: credit?.issuedAt.toISOString() }],
    });
    const res = await download(user, orderId, 'credit_note');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${credit?.number.replace(/\//g, '-')}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credit note No.: ${credit?.number}`);
    expect(text).toContain(`Against invoice: ${invoice?.number}`);
    expect(text).toContain('Total credited (tax included): Rs. 119.00');
    expect(text).toContain('Azithral 500');
    // The invoice still prints as it was.
    expect(pdfText((await download(user, orderId)).rawPayload)).toContain(
      `Invoice No.: ${invoice?.number}`,
    );
  });

  it('documents both downloads in the OpenAPI document with the answers they give', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { tags: string[]; produces?: string[]; responses: object }>
      >;
    };
    for (const path of [
      '/api/order/{orderId}/invoice.pdf',
      '/api/order/{orderId}/credit-note.pdf',
    ]) {
      const operation = document.paths[path]?.get;
      expect(operation?.tags, path).toEqual(['orders']);
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '400', '401', '404']),
      );
    }
  });

  it('issues no credit note for a cancelled order that was never invoiced', async () => {
    const user = await createUser(t);
    const product = await createProduct(db(), basics, { quantity: 5 });
    const orderId = await orderAtPayment(user, [{ productId: product.id, units: 1 }]);
    const res = await call(admin, 'PUT', `/api/order/${orderId}`, {
      statusId: ORDER_STATUS.CANCELLED,
    });
    expect(res.statusCode).toBe(200);
    expect(await invoiceOf(orderId)).toHaveLength(0);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.statusId).toBe(ORDER_STATUS.CANCELLED);
  });
});

describe('seller configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };

  it('defaults to the demo seller in Karnataka', () => {
    const config = loadConfig(base);
    expect(config.seller).toEqual({
      legalName: 'MediKart Pharmacy',
      address: 'Demo address: 12 MG Road, Bengaluru 560001, Karnataka',
      state: { code: '29', name: 'Karnataka' },
      gstin: '29ABCDE1234F1Z5',
      drugLicenceNumbers: 'Demo: 20B/KA/BLR/000001, 21B/KA/BLR/000001',
    });
  });

  it('takes a State by code and a GSTIN of that State', () => {
    const config = loadConfig({
      ...base,
      SELLER_STATE: '27',
      SELLER_GSTIN: '27aapfu0939f1zv',
      SELLER_LEGAL_NAME: 'Pune Medicos LLP',
    });
    expect(config.seller).toMatchObject({
      legalName: 'Pune Medicos LLP',
      state: { code: '27', name: 'Maharashtra' },
      gstin: '27AAPFU0939F1ZV',
    });
  });

  it.each([
    [{ SELLER_STATE: 'Atlantis' }, 'SELLER_STATE: "Atlantis" is not an Indian State'],
    [{ SELLER_GSTIN: '29ABCDE1234F1Z' }, 'SELLER_GSTIN: must be a 15-character GSTIN'],
    [{ SELLER_GSTIN: '29ABCDE1234F0Z5' }, 'SELLER_GSTIN: must be a 15-character GSTIN'],
    [
      { SELLER_STATE: 'Kerala' },
      'SELLER_GSTIN: must start with 32, the GST code of SELLER_STATE (Kerala)',
    ],
  ])('refuses %j at start', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
