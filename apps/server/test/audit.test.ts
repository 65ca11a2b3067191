import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_GENESIS_HASH, ROLE, addDays, utcDay } from '@pharmacy/shared';
import type { DbOrTx } from '../src/db/client';
import { auditLog, users } from '../src/db/schema/index';
import { auditEntryHash } from '../src/modules/audit/audit-hash';
import { recordAudit, verifyAuditChain } from '../src/modules/audit/audit.service';
import { ensureAdminAccount } from '../src/modules/users/users.service';
import {
  addBatch,
  createBasics,
  createProduct,
  productEditFields,
  type CatalogBasics,
} from './catalog-factories';
import { createAdmin, createUser, multipart, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/**
 * Issue 16 point 7: the audit chain. Entries are written in the transaction of the change they
 * record; the chain verifies; a row changed behind the application's back (the trigger bypassed,
 * as a database owner could) is named by the verification; the application cannot change or
 * delete rows; parallel appends never fork the chain.
 */
describe(`audit chain (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
    member = await createUser(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const entries = () => db().select().from(auditLog).orderBy(asc(auditLog.id));
  const lastEntry = async () =>
    (await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const count = async () => (await entries()).length;
  const editPrices = async (
    productId: number,
    prices: { offerPrice: string; maximumRetailPrice: string },
    who = admin,
  ) => {
    const body = await multipart({
      ...productEditFields(basics, `Audited product ${productId}`),
      ...prices,
    });
    return t.app.inject({
      method: 'PATCH',
      url: `/api/product/${productId}`,
      payload: body.payload,
      headers: { ...body.headers, ...who.auth },
    });
  };
  const verifyRoute = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/audit/verify',
      headers: admin.auth,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  /** Runs SQL as the database owner could: with the append-only triggers switched off. */
  const asOwner = (work: (tx: DbOrTx) => Promise<unknown>) =>
    db().transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger user`);
      await work(tx);
      await tx.execute(sql`alter table audit_log enable trigger user`);
    });

  it('an empty log verifies, with the genesis hash as its head', async () => {
    expect(await verifyAuditChain(db())).toEqual({
      ok: true,
      entries: 0,
      headHash: AUDIT_GENESIS_HASH,
    });
  });

  it('records a price change (old and new in minor units, the admin as actor), and no entry when the prices stay', async () => {
    const product = await createProduct(db(), basics, {
      offerPriceMinor: 9000,
      maximumRetailPriceMinor: 10000,
    });
    const changed = await editPrices(product.id, {
      offerPrice: '140',
      maximumRetailPrice: '155.50',
    });
    expect(changed.statusCode).toBe(200);
    const entry = await lastEntry();
    expect(entry).toMatchObject({
      id: 1,
      actorUserId: admin.id,
      action: 'product.price_changed',
      entityType: 'product',
      entityId: String(product.id),
      prevHash: AUDIT_GENESIS_HASH,
      details: {
        name: `Audited product ${product.id}`,
        offerPriceMinor: { from: 9000, to: 14000 },
        maximumRetailPriceMinor: { from: 10000, to: 15550 },
      },
    });
    // What was hashed is what reads back, to the millisecond.
    expect(entry?.occurredAt.getTime() ?? 0).toBeGreaterThan(Date.now() - 60_000);

    const unchanged = await editPrices(product.id, {
      offerPrice: '140',
      maximumRetailPrice: '155.50',
    });
    expect(unchanged.statusCode).toBe(200);
    expect(await count()).toBe(1);
  });

  it('records a stock adjustment and a goods receipt in their transactions', async () => {
    const product = await createProduct(db(), basics, { quantity: 0 });
    const batch = await addBatch(db(), product.id, 10, { batchNumber: 'AUD-1' });
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/inventory/batches/${batch.id}/adjustments`,
      headers: admin.auth,
      payload: { units: -3, reason: 'damaged', note: 'Crushed carton' },
    });
    expect(adjusted.statusCode).toBe(200);
    expect(await lastEntry()).toMatchObject({
      actorUserId: admin.id,
      action: 'stock.adjusted',
      entityType: 'stock_batch',
      entityId: String(batch.id),
      details: {
        productId: product.id,
        batchNumber: 'AUD-1',
        units: -3,
        onHand: { from: 10, to: 7 },
        reason: 'damaged',
        note: 'Crushed carton',
      },
    });

    // A refused adjustment (more units than the batch holds) changes nothing and records nothing.
    const before = await count();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/inventory/batches/${batch.id}/adjustments`,
      headers: admin.auth,
      payload: { units: -50, reason: 'damaged' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await count()).toBe(before);

    const received = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/receipts',
      headers: admin.auth,
      payload: {
        productId: product.id,
        batchNumber: 'AUD-2',
        expiryDate: addDays(utcDay(), 500),
        units: 5,
        purchasePrice: '12.50',
      },
    });
    expect(received.statusCode).toBe(201);
    expect(await lastEntry()).toMatchObject({
      action: 'stock.received',
      details: { productId: product.id, batchNumber: 'AUD-2', units: 5, newBatch: true },
    });
  });

  it('records role changes: a promotion at start, and a new admin account (no actor: the system)', async () => {
    await ensureAdminAccount(db(), { email: member.email, password: 'irrelevant-here' });
    expect(await lastEntry()).toMatchObject({
      actorUserId: null,
      action: 'user.role_changed',
      entityType: 'user',
      entityId: String(member.id),
      details: { roleId: { from: ROLE.MEMBER, to: ROLE.ADMIN }, via: 'ADMIN_EMAIL at start' },
    });
    const before = await count();
    // Already an admin: nothing changes, nothing is recorded.
    await ensureAdminAccount(db(), { email: member.email, password: 'irrelevant-here' });
    expect(await count()).toBe(before);

    await ensureAdminAccount(db(), { email: 'new-admin@example.com', password: 'Secret@123' });
    const [created] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'new-admin@example.com'));
    expect(await lastEntry()).toMatchObject({
      action: 'user.role_changed',
      entityId: String(created?.id),
      details: { roleId: { from: null, to: ROLE.ADMIN }, accountCreated: true },
    });
  });

  it('an entry is part of its transaction: a change that fails after recording leaves none', async () => {
    const before = await count();
    const [row] = await db()
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    await expect(
      db().transaction(async (tx) => {
        await recordAudit(tx, {
          actorUserId: admin.id,
          action: 'product.price_changed',
          entityType: 'product',
          entityId: 999_999,
          details: { offerPriceMinor: { from: 1, to: 2 } },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(before);
    expect((await lastEntry())?.hash).toBe(row?.hash);
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('details are hashed as they read back (key order, dates, undefined members)', async () => {
    await db().transaction((tx) =>
      recordAudit(tx, {
        actorUserId: null,
        action: 'stock.adjusted',
        entityType: 'stock_batch',
        entityId: 'B-42',
        details: {
          zeta: 1.5,
          alpha: { nested: [3, 'two', { b: true, a: null }] },
          when: new Date('2026-05-01T10:20:30.456Z'),
          gone: undefined,
          text: 'Unicode ✓ "quoted" \\ back',
        },
      }),
    );
    expect((await lastEntry())?.details).toEqual({
      zeta: 1.5,
      alpha: { nested: [3, 'two', { b: true, a: null }] },
      when: '2026-05-01T10:20:30.456Z',
      text: 'Unicode ✓ "quoted" \\ back',
    });
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('parallel appends (20 price changes at once) keep one unbroken chain', async () => {
    const products = await Promise.all(
      Array.from({ length: 20 }, () => createProduct(db(), basics, { quantity: 0 })),
    );
    const before = await count();
    const answers = await Promise.all(
      products.map((product, i) =>
        editPrices(product.id, { offerPrice: String(100 + i), maximumRetailPrice: '200' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const rows = await entries();
    expect(rows).toHaveLength(before + 20);
    // Positions 1..n without a gap or a repeat, each linked to the one before.
    rows.forEach((row, i) => {
      expect(row.id).toBe(i + 1);
      expect(row.prevHash).toBe(i === 0 ? AUDIT_GENESIS_HASH : rows[i - 1]?.hash);
      if (i > 0)
        expect(row.occurredAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.occurredAt.getTime());
    });
    const verified = await verifyAuditChain(db());
    expect(verified).toEqual({ ok: true, entries: rows.length, headHash: rows.at(-1)?.hash });
  });

  it('parallel transactions that overlap (each still open after its append) wait their turn', async () => {
    // Requests through the app finish their short transactions almost one after another; these
    // hold theirs open around the append, so without the chain's lock two would read the same
    // last entry (and one would fail on its position, or the chain would fork).
    const before = await count();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db().transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.01)`);
          await recordAudit(tx, {
            actorUserId: admin.id,
            action: 'stock.adjusted',
            entityType: 'stock_batch',
            entityId: 1000 + i,
            details: { units: i + 1 },
          });
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    expect(await count()).toBe(before + 20);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true, entries: before + 20 });
  });

  it('lists entries newest first, filtered by action or entity, with the actor named', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/audit?page=1&pageSize=5',
      headers: admin.auth,
    });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    const total = await count();
    expect(body.pagination).toMatchObject({ page: 1, pageSize: 5, rowCount: total });
    expect(body.entries.map((e: { id: number }) => e.id)).toEqual(
      [0, 1, 2, 3, 4].map((i) => total - i),
    );

    const adjusted = (
      await t.app.inject({
        method: 'GET',
        url: '/api/audit?action=stock.adjusted',
        headers: admin.auth,
      })
    ).json();
    expect(adjusted.entries.length).toBeGreaterThan(0);
    expect(adjusted.entries.every((e: { action: string }) => e.action === 'stock.adjusted')).toBe(
      true,
    );
    const first = adjusted.entries.find((e: { actorUserId: number | null }) => e.actorUserId);
    expect(first).toMatchObject({ actorName: 'Admin Person', actorEmail: admin.email });

    const ofUser = (
      await t.app.inject({
        method: 'GET',
        url: `/api/audit?entityType=user&entityId=${member.id}`,
        headers: admin.auth,
      })
    ).json();
    expect(ofUser.entries).toHaveLength(1);
    expect(ofUser.entries[0]).toMatchObject({ action: 'user.role_changed', actorName: null });

    const badFilter = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=order.deleted',
      headers: admin.auth,
    });
    expect(badFilter.statusCode).toBe(400);
  });

  it('the application cannot change, delete or empty the log', async () => {
    const total = await count();
    await expect(
      db().execute(sql`update audit_log set details = '{}'::jsonb where id = 1`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log where id = ${total}`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await count()).toBe(total);
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('verification names the first entry changed in SQL behind the trigger, and the route says so', async () => {
    const good = await verifyRoute();
    expect(good).toMatchObject({ ok: true, entries: await count() });
    expect(good.firstMismatch).toBeUndefined();

    const [target] = await db().select().from(auditLog).where(eq(auditLog.id, 2));
    if (!target) throw new Error('no entry 2');
    await asOwner((tx) =>
      tx.execute(
        sql`update audit_log set details = jsonb_set(details, '{units}', '-1') where id = 2`,
      ),
    );
    const found = await verifyAuditChain(db());
    expect(found).toEqual({
      ok: false,
      entries: 1,
      headHash: (await db().select().from(auditLog).where(eq(auditLog.id, 1)))[0]?.hash,
      firstMismatch: {
        id: 2,
        occurredAt: target.occurredAt.toISOString(),
        action: target.action,
        reason: 'its content does not match its hash',
      },
    });
    const answer = await verifyRoute();
    expect(answer).toMatchObject({ ok: false, firstMismatch: { id: 2 } });

    // Recomputing the changed row's own hash only moves the mismatch to the next entry.
    const forged = auditEntryHash({
      ...target,
      occurredAt: target.occurredAt.toISOString(),
      details: { ...target.details, units: -1 },
    });
    await asOwner((tx) => tx.execute(sql`update audit_log set hash = ${forged} where id = 2`));
    expect((await verifyAuditChain(db())).firstMismatch).toMatchObject({
      id: 3,
      reason: 'its previous hash does not match entry #2',
    });

    // Put the row back as it was: the chain verifies again.
    await asOwner((tx) =>
      tx
        .update(auditLog)
        .set({ details: target.details, hash: target.hash })
        .where(eq(auditLog.id, 2)),
    );
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('a row deleted from the middle is found; one deleted from the end only by the recorded head hash', async () => {
    const total = await count();
    const [middle] = await db().select().from(auditLog).where(eq(auditLog.id, 3));
    if (!middle) throw new Error('no entry 3');
    await asOwner((tx) => tx.delete(auditLog).where(eq(auditLog.id, 3)));
    expect((await verifyAuditChain(db())).firstMismatch).toMatchObject({
      id: 4,
      reason: 'entry #3 is missing',
    });
    await db().insert(auditLog).values(middle);
    const intact = await verifyAuditChain(db());
    expect(intact).toMatchObject({ ok: true, entries: total });

    // The limit docs/security.md states: dropping the newest entry leaves a shorter chain that
    // verifies. Only a head hash kept elsewhere (printed by audit:verify) shows it is gone.
    await asOwner((tx) => tx.delete(auditLog).where(eq(auditLog.id, total)));
    const shorter = await verifyAuditChain(db());
    expect(shorter).toMatchObject({ ok: true, entries: total - 1 });
    expect(shorter.headHash).not.toBe(intact.headHash);
  });
});
