import { and, asc, eq } from 'drizzle-orm';
import { ORDER_STATUS, ROLE, addDays, utcDay, type OrderStatusId } from '@pharmacy/shared';
import type { Database } from '../../../src/db/client';
import {
  addresses,
  cartItems,
  orderLines,
  orderStatusHistory,
  orders,
  prescriptionFiles,
  prescriptions,
  stockBatches,
  users,
} from '../../../src/db/schema/index';
import {
  addBatch,
  createBasics,
  createDivision,
  createManufacturer,
  createProduct,
  createSalt,
  type CatalogBasics,
} from '../../catalog-factories';
import {
  createPharmacist,
  createUser,
  TINY_PNG,
  validAddress,
  type TestUser,
} from '../../factories';
import type { TestApp } from '../../helpers';

/**
 * The people and things the security suites act on: member A owns an address, a cart line, orders
 * in several states and a prescription file; member B is a second customer who tries to reach
 * them; the owner runs the shop, and the pharmacist, the packer and support work in it (issue 32).
 * Rows are inserted directly, which is fast and leaves the API calls of each test as the only
 * thing under test.
 */
export interface World {
  t: TestApp;
  db: Database;
  /** The shop's owner (role 1, every permission), a registered pharmacist too. */
  owner: TestUser;
  memberA: TestUser;
  memberB: TestUser;
  /** Staff (issue 32); the pharmacist has a registration number, so may decide on prescriptions. */
  pharmacist: TestUser;
  packer: TestUser;
  support: TestUser;
  basics: CatalogBasics;
  /** Active, plenty of stock, no prescription; price 90.00. */
  productId: number;
  /** Active, prescription only. */
  rxProductId: number;
  addressA: number;
  addressB: number;
  cartLineA: number;
  /** A's order waiting for an address. */
  orderA: number;
  /** A's prescription order in Payment, with one uploaded file. */
  rxOrderA: number;
  prescriptionFileA: number;
}

export type StaffRole = 'owner' | 'pharmacist' | 'packer' | 'support';
export type Role = 'anonymous' | 'memberA' | 'memberB' | StaffRole;
export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'pharmacist', 'packer', 'support'];
export const ROLES: readonly Role[] = ['anonymous', 'memberA', 'memberB', ...STAFF_ROLES];

export function userOf(world: World, role: Role): TestUser | undefined {
  return role === 'anonymous' ? undefined : world[role];
}

let ipCounter = 0;
/** A new client address per request, so per-address rate limits stay out of the way. */
export function nextRemoteAddress(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function insertAddress(db: Database, userId: number): Promise<number> {
  const [existingPrimary] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isPrimary, true)))
    .limit(1);
  const [row] = await db
    .insert(addresses)
    .values({ ...validAddress, userId, country: 'India', isPrimary: !existingPrimary })
    .returning({ id: addresses.id });
  if (!row) throw new Error('no address');
  return row.id;
}

/** One cart line of the product in the user's cart (count 1), reusing an existing one. */
export async function putInCart(db: Database, userId: number, productId: number): Promise<number> {
  const [existing] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  if (existing) return existing.id;
  const [row] = await db
    .insert(cartItems)
    .values({ userId, productId, count: 1 })
    .returning({ id: cartItems.id });
  if (!row) throw new Error('no cart line');
  return row.id;
}

/** An order in the given status with one line (stock is not touched: these are fixtures). */
export async function insertOrder(
  db: Database,
  userId: number,
  options: {
    statusId: OrderStatusId;
    productId: number;
    prescription?: boolean;
    addressId?: number;
  },
): Promise<number> {
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      statusId: options.statusId,
      totalOrderValueMinor: 9000,
      addressId: options.addressId ?? null,
      shippingAddress: options.addressId
        ? { ...validAddress, country: 'India', alternatePhone: null }
        : null,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  await db.insert(orderLines).values({
    orderId: order.id,
    productId: options.productId,
    productName: 'Fixture product',
    unitPriceMinor: 9000,
    maximumRetailPriceMinor: 10000,
    quantity: 1,
    prescription: options.prescription ?? false,
  });
  await db.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatusId: null,
    toStatusId: options.statusId,
    changedByUserId: userId,
    note: 'fixture',
  });
  return order.id;
}

/**
 * A pending prescription with one PNG file on the order, stored through the app's own storage
 * (DATA_DIR/private on local disk, `private/` in the bucket on S3), where the app reads it.
 */
export async function insertPrescription(
  t: TestApp,
  orderId: number,
  userId: number,
): Promise<number> {
  const key = await t.app.storage.savePrivate('prescriptions', 'png', TINY_PNG);
  const [prescription] = await t.database.db
    .insert(prescriptions)
    .values({ orderId, userId, reviewStatus: 'pending' })
    .returning({ id: prescriptions.id });
  if (!prescription) throw new Error('no prescription');
  const [row] = await t.database.db
    .insert(prescriptionFiles)
    .values({
      prescriptionId: prescription.id,
      storageKey: key,
      originalName: 'rx.png',
      mimeType: 'image/png',
      sizeBytes: TINY_PNG.length,
    })
    .returning({ id: prescriptionFiles.id });
  if (!row) throw new Error('no prescription file');
  return row.id;
}

/** A member of staff in the given role; a pharmacist gets a registration number. */
async function createStaff(t: TestApp, roleId: number, name: string): Promise<TestUser> {
  const user = await createUser(t, { roleId, name });
  if (roleId === ROLE.PHARMACIST)
    await t.database.db
      .update(users)
      .set({ pharmacistRegistrationNumber: 'KA/PH/2021/00077' })
      .where(eq(users.id, user.id));
  return user;
}

export async function createWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const owner = await createPharmacist(t);
  const memberA = await createUser(t, { name: 'Member A' });
  const memberB = await createUser(t, { name: 'Member B' });
  const pharmacist = await createStaff(t, ROLE.PHARMACIST, 'Pharmacist Staff');
  const packer = await createStaff(t, ROLE.PACKER, 'Packer Staff');
  const support = await createStaff(t, ROLE.SUPPORT, 'Support Staff');
  const basics = await createBasics(db);
  const product = await createProduct(db, basics, { quantity: 100_000 });
  const rxProduct = await createProduct(db, basics, { quantity: 100_000, prescription: true });
  const addressA = await insertAddress(db, memberA.id);
  const addressB = await insertAddress(db, memberB.id);
  const cartLineA = await putInCart(db, memberA.id, product.id);
  const orderA = await insertOrder(db, memberA.id, {
    statusId: ORDER_STATUS.COLLECTING_ADDRESS,
    productId: product.id,
  });
  const rxOrderA = await insertOrder(db, memberA.id, {
    statusId: ORDER_STATUS.PAYMENT,
    productId: rxProduct.id,
    prescription: true,
    addressId: addressA,
  });
  const prescriptionFileA = await insertPrescription(t, rxOrderA, memberA.id);
  return {
    t,
    db,
    owner,
    memberA,
    memberB,
    pharmacist,
    packer,
    support,
    basics,
    productId: product.id,
    rxProductId: rxProduct.id,
    addressA,
    addressB,
    cartLineA,
    orderA,
    rxOrderA,
    prescriptionFileA,
  };
}

/** The first batch of a product (a factory product has one: its opening stock). */
export async function batchOf(db: Database, productId: number): Promise<number> {
  const [row] = await db
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(eq(stockBatches.productId, productId))
    .orderBy(asc(stockBatches.id))
    .limit(1);
  if (!row) throw new Error(`product ${productId} has no batch`);
  return row.id;
}

/** Fresh catalogue entries nobody uses, for the delete routes. */
export const freshEntry = {
  division: async (db: Database) => (await createDivision(db)).id,
  manufacturer: async (db: Database) => (await createManufacturer(db)).id,
  saltComposition: async (db: Database) => (await createSalt(db)).id,
  product: async (world: World) => (await createProduct(world.db, world.basics)).id,
  /** A sellable batch of 20 units of a product of its own (its opening stock). */
  batch: async (world: World) =>
    batchOf(world.db, (await createProduct(world.db, world.basics, { quantity: 20 })).id),
  /**
   * A batch of 20 units a week from expiry, short of the minimum shelf life: not sellable, so it
   * can be written off. Its product has no other stock (its quantity, 0, is the sellable sum).
   */
  shortDatedBatch: async (world: World) => {
    const product = await createProduct(world.db, world.basics, { quantity: 0 });
    const batch = await addBatch(world.db, product.id, 20, { expiryDate: addDays(utcDay(), 7) });
    return batch.id;
  },
};
