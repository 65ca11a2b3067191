import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { PROVIDER, ROLE, indiaToday } from '@pharmacy/shared';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { expect } from 'vitest';
import { hashPassword } from '../src/lib/password';
import { signSessionToken } from '../src/lib/tokens';
import type { TestPaymentProvider } from '../src/modules/payments/test-provider';
import type { TestApp } from './helpers';

export const TEST_PASSWORD = 'secret123';
let cachedHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  email: string;
  name: string;
  roleId: number;
  token: string;
  auth: { authorization: string };
}

/** Inserts a user straight into the database (fast) and signs a token for it. */
export async function createUser(
  t: TestApp,
  overrides: Partial<{
    name: string;
    email: string;
    roleId: number;
    providerName: string;
    password: string;
    phoneNumber: string;
  }> = {},
): Promise<TestUser> {
  const db: Database = t.database.db;
  const suffix = randomBytes(4).toString('hex');
  const passwordHash = overrides.password
    ? await hashPassword(overrides.password)
    : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  const [row] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Test User ${suffix}`,
      email: overrides.email ?? `user-${suffix}@example.com`,
      phoneNumber: overrides.phoneNumber ?? '9876543210',
      passwordHash: overrides.providerName === PROVIDER.GOOGLE ? null : passwordHash,
      roleId: overrides.roleId ?? ROLE.MEMBER,
      providerName: overrides.providerName ?? PROVIDER.EMAIL,
    })
    .returning({
      id: users.id,
      email: users.email,
      name: users.name,
      roleId: users.roleId,
      tokenVersion: users.tokenVersion,
    });
  if (!row) throw new Error('no user');
  const token = await signSessionToken(t.config.jwtSecret, {
    userId: row.id,
    roleId: row.roleId,
    tokenVersion: row.tokenVersion,
  });
  return { ...row, token, auth: { authorization: `Bearer ${token}` } };
}

export const createAdmin = (t: TestApp) =>
  createUser(t, { roleId: ROLE.ADMIN, name: 'Admin Person' });

/** An admin who is a registered pharmacist (issue 16): may decide on prescriptions. */
export async function createPharmacist(t: TestApp, registrationNumber = 'KA/PH/2020/00042') {
  const admin = await createUser(t, { roleId: ROLE.ADMIN, name: 'Pharmacist Person' });
  await t.database.db
    .update(users)
    .set({ pharmacistRegistrationNumber: registrationNumber })
    .where(eq(users.id, admin.id));
  return admin;
}

/** The details a pharmacist reads from a prescription when approving it. */
export const PRESCRIBER_DETAILS = {
  prescriberName: 'Dr. Kavita Rao',
  prescriberRegistrationNumber: 'KMC 45872',
  patientName: 'Asha Verma',
} as const;

/**
 * The approval's transcription (issue 31): the prescriber, today's date of issue and one line per
 * product, each allowing `quantity` units (100 unless given). Spread into the approve body:
 * `{ decision: 'approve', ...transcriptionFor([productId]) }`.
 */
export function transcriptionFor(
  lines: Array<number | { productId: number; quantity?: number }>,
  overrides: Record<string, unknown> = {},
) {
  return {
    transcription: {
      prescriberName: PRESCRIBER_DETAILS.prescriberName,
      prescriberQualification: 'MBBS, MD',
      prescriberRegistrationNumber: PRESCRIBER_DETAILS.prescriberRegistrationNumber,
      prescriberCouncil: 'Karnataka Medical Council',
      patientName: PRESCRIBER_DETAILS.patientName,
      // The shop's day is India's (18:30–24:00 UTC is already tomorrow there), as the server counts it.
      issuedOn: indiaToday(new Date()),
      lines: lines.map((line) => ({
        productId: typeof line === 'number' ? line : line.productId,
        dose: '1 tablet',
        frequency: 'twice a day',
        durationDays: 30,
        quantity: typeof line === 'number' ? 100 : (line.quantity ?? 100),
      })),
      ...overrides,
    },
  };
}

export const validAddress = {
  name: 'Asha Verma',
  phone: '9876543210',
  street: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411001',
};

/** A 1×1 PNG, for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body for inject, built with the platform's FormData. */
export async function multipart(
  fields: Record<string, string | string[]>,
  files: Array<{ field: string; name: string; type: string; content: Buffer }> = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  for (const file of files)
    form.append(
      file.field,
      new Blob([new Uint8Array(file.content)], { type: file.type }),
      file.name,
    );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') as string },
  };
}

/**
 * A `call(user, method, url, payload?)` over the app that `app()` returns when called (the app
 * is built in beforeAll): the user's session (none when null), the payload as JSON when given.
 */
export const caller =
  (app: () => TestApp) =>
  (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app().app.inject({
      method,
      url,
      headers: user ? user.auth : {},
      ...(payload ? { payload } : {}),
    });

/**
 * Pays `orderId` by the built-in test provider's card, as the checkout's card form does: the
 * intent, the card confirmed at the provider, the result saved. Answers the intent's id.
 */
export async function payByTestCard(
  call: ReturnType<typeof caller>,
  provider: TestPaymentProvider,
  buyer: TestUser,
  orderId: number,
): Promise<string> {
  const started = await call(buyer, 'POST', `/api/payment/create-intent/${orderId}`);
  expect(started.statusCode).toBe(200);
  const outcome = provider.confirmCard(started.json().clientSecret, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  if (!outcome.ok) throw new Error(outcome.error.message);
  const saved = await call(buyer, 'POST', `/api/payment/save-payment-details/${orderId}`, {
    paymentId: outcome.intent.id,
  });
  expect(saved.statusCode).toBe(200);
  return outcome.intent.id;
}

/** Uploads TINY_PNG as the prescription of `user`'s order `orderId`. */
export async function uploadPrescription(
  t: TestApp,
  user: TestUser,
  orderId: number,
  fields: Record<string, string> = {},
) {
  const body = await multipart(fields, [
    { field: 'image', name: 'rx.png', type: 'image/png', content: TINY_PNG },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/order/uploadOrderPrescriptions/${orderId}`,
    payload: body.payload,
    headers: { ...body.headers, ...user.auth },
  });
}
