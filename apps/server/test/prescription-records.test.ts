import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COVERAGE_MESSAGES,
  ORDER_STATUS,
  PATIENT_MESSAGES,
  TRANSCRIPTION_MESSAGES,
  addDays,
  indiaToday,
} from '@pharmacy/shared';
import { scheduleRegister } from '../src/db/schema/index';
import { createBasics, createProduct, createSalt, type CatalogBasics } from './catalog-factories';
import {
  caller,
  createAdmin,
  createPharmacist,
  createUser,
  transcriptionFor,
  uploadPrescription,
  validAddress,
  type TestUser,
} from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';
import { pdfText } from './support/pdf-text';

const DAY_MS = 86_400_000;

/**
 * Issue 31 points 1–3: patients, the transcription required to approve, saved prescriptions reused
 * within their validity, and the units counted against them (also across concurrent orders).
 */
describe(`prescription records (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let pharmacist: TestUser;
  let admin: TestUser;
  let clock = new Date();
  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => clock });
    basics = await createBasics(t.database.db);
    pharmacist = await createPharmacist(t);
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const call = caller(() => t);
  const del = (user: TestUser, url: string) =>
    t.app.inject({ method: 'DELETE', url, headers: user.auth });
  const today = () => indiaToday(clock);
  const statusOf = async (user: TestUser, orderId: number) =>
    (await call(user, 'GET', `/api/order/getOrderDetail/${orderId}`)).json().order
      .statusId as number;
  const review = (orderId: number, body: object) =>
    call(pharmacist, 'POST', `/api/order/${orderId}/prescription-review`, body);
  const saved = async (user: TestUser) =>
    (await call(user, 'GET', '/api/prescriptions/saved')).json().prescriptions as Array<{
      id: number;
      status: string;
      validUntil: string;
      patient: { id: number | null; name: string };
      lines: Array<{ prescribedUnits: number; dispensedUnits: number; remainingUnits: number }>;
    }>;

  /** A placed order with its address confirmed: Collecting Prescription. */
  async function rxOrder(user: TestUser, lines: Array<{ productId: number; units: number }>) {
    for (const line of lines)
      expect(
        (await call(user, 'POST', '/api/cart', { productId: line.productId, quantity: line.units }))
          .statusCode,
      ).toBe(200);
    const orderId = (await call(user, 'POST', '/api/order')).json().orderId as number;
    const addressId = (await call(user, 'POST', '/api/user/saveAddress', validAddress)).json()
      .addressId as number;
    expect((await call(user, 'PUT', `/api/order/${orderId}`, { addressId })).statusCode).toBe(200);
    expect(await statusOf(user, orderId)).toBe(ORDER_STATUS.COLLECTING_PRESCRIPTION);
    return orderId;
  }
  const payCash = (user: TestUser, orderId: number) =>
    call(user, 'PUT', `/api/order/${orderId}`, { payment: 'Cash on Delivery' });
  const addPatient = async (user: TestUser, name: string, allergies: string[] = []) =>
    (
      await call(user, 'POST', '/api/patients', {
        name,
        relation: 'parent',
        ageYears: 64,
        sex: 'female',
        allergies,
      })
    ).json().patient.id as number;

  it('documents every patient and saved-prescription route in the OpenAPI document', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(docs.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/patients',
        'POST /api/patients',
        'PUT /api/patients/{patientId}',
        'DELETE /api/patients/{patientId}',
        'GET /api/prescriptions/saved',
        'GET /api/order/{orderId}/saved-prescriptions',
        'POST /api/order/{orderId}/use-saved-prescription',
      ]),
    );
  });

  describe('patients', () => {
    it('keeps a member’s patients, answers 404 to anyone else, and archives on delete', async () => {
      const member = await createUser(t);
      const other = await createUser(t);
      const missing = await call(member, 'POST', '/api/patients', { name: 'Leela', sex: 'female' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain(PATIENT_MESSAGES.bornOrAged);
      const created = await call(member, 'POST', '/api/patients', {
        name: 'Leela Verma',
        dateOfBirth: '1960-02-29',
        sex: 'female',
        allergies: ['  Penicillin ', 'penicillin', 'Sulfamethoxazole'],
      });
      expect(created.statusCode).toBe(201);
      const patient = created.json().patient;
      expect(patient).toMatchObject({
        name: 'Leela Verma',
        relation: 'other',
        allergies: ['penicillin', 'sulfamethoxazole'],
      });
      expect(patient.ageYears).toBeGreaterThanOrEqual(66);

      const url = `/api/patients/${patient.id}`;
      const edit = { name: 'Leela V.', ageYears: 70, sex: 'female', relation: 'parent' };
      expect((await call(other, 'PUT', url, edit)).statusCode).toBe(404);
      expect((await call(admin, 'PUT', url, edit)).statusCode).toBe(404);
      expect((await del(other, url)).json()).toMatchObject({ message: PATIENT_MESSAGES.notFound });
      expect((await call(other, 'GET', '/api/patients')).json().patients).toEqual([]);
      const edited = await call(member, 'PUT', url, edit);
      expect(edited.json().patient).toMatchObject({
        name: 'Leela V.',
        ageYears: 70,
        allergies: [],
      });

      // Another member's patient cannot be named on an upload.
      const product = await createProduct(db(), basics, { prescription: true, quantity: 20 });
      const otherOrder = await rxOrder(other, [{ productId: product.id, units: 1 }]);
      const refused = await uploadPrescription(t, other, otherOrder, {
        patientId: String(patient.id),
      });
      expect(refused.statusCode).toBe(404);
      expect(await statusOf(other, otherOrder)).toBe(ORDER_STATUS.COLLECTING_PRESCRIPTION);

      expect((await del(member, url)).statusCode).toBe(200);
      expect((await call(member, 'GET', '/api/patients')).json().patients).toEqual([]);
      expect((await del(member, url)).statusCode).toBe(404);
    });
  });

  describe('transcription, validity and reuse', () => {
    let member: TestUser;
    let patientId: number;
    let tablet: { id: number; name: string };
    let saltId: number;
    let firstOrder: number;
    beforeAll(async () => {
      member = await createUser(t, { name: 'Asha Verma' });
      patientId = await addPatient(member, 'Kamala Verma', ['Penicillin']);
      const salt = await createSalt(db(), `Metformin ${Date.now()}`);
      saltId = salt.id;
      tablet = await createProduct(db(), basics, {
        prescription: true,
        quantity: 100,
        saltCompositionId: salt.id,
        strength: '500 mg',
      });
    });

    it('refuses the approval while a prescription line is not covered, then approves and saves it', async () => {
      const other = await createProduct(db(), basics, { prescription: true, quantity: 20 });
      const orderId = await rxOrder(member, [
        { productId: tablet.id, units: 2 },
        { productId: other.id, units: 1 },
      ]);
      const uploaded = await uploadPrescription(t, member, orderId, {
        patientId: String(patientId),
      });
      expect(uploaded.statusCode).toBe(200);
      await payCash(member, orderId);
      expect(await statusOf(member, orderId)).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
      const order = await call(member, 'GET', `/api/order/getOrderDetail/${orderId}`);
      expect(order.json().order.patientId).toBe(patientId);
      // The reviewing pharmacist sees the patient and the validity settings; the member does not.
      expect(order.json().dispensing.patient).toBeUndefined();
      const reviewed = (await call(admin, 'GET', `/api/order/getOrderDetail/${orderId}`)).json()
        .dispensing;
      expect(reviewed.patient).toMatchObject({ id: patientId, allergies: ['penicillin'] });
      expect(reviewed.prescriptionValidity).toEqual({ validDays: 180, h1ValidDays: 30 });

      const untranscribed = await review(orderId, { decision: 'approve' });
      expect(untranscribed.statusCode).toBe(400);
      expect(untranscribed.json().message).toContain(TRANSCRIPTION_MESSAGES.required);

      const saltLine = {
        dose: '1 tablet',
        frequency: 'twice a day',
        durationDays: 30,
      };
      const base = transcriptionFor([]).transcription;
      const body = (lines: object[]) => ({
        decision: 'approve',
        transcription: { ...base, lines },
      });
      const onlySalt = await review(
        orderId,
        body([{ ...saltLine, saltCompositionId: saltId, strength: '500mg', quantity: 10 }]),
      );
      expect(onlySalt.statusCode).toBe(409);
      expect(onlySalt.json().message).toBe(COVERAGE_MESSAGES.notPrescribed(other.name));
      const wrongStrength = await review(
        orderId,
        body([
          { ...saltLine, saltCompositionId: saltId, strength: '250 mg', quantity: 10 },
          { ...saltLine, productId: other.id, quantity: 1 },
        ]),
      );
      expect(wrongStrength.statusCode).toBe(409);
      expect(wrongStrength.json().message).toBe(COVERAGE_MESSAGES.notPrescribed(tablet.name));
      const tooFew = await review(
        orderId,
        body([
          { ...saltLine, saltCompositionId: saltId, strength: '500 MG', quantity: 1 },
          { ...saltLine, productId: other.id, quantity: 1 },
        ]),
      );
      expect(tooFew.json().message).toBe(COVERAGE_MESSAGES.beyondRemaining(tablet.name, 2, 1));
      expect(await statusOf(member, orderId)).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
      expect(await saved(member)).toEqual([]);

      const approved = await review(
        orderId,
        body([
          { ...saltLine, saltCompositionId: saltId, strength: '500 mg', quantity: 10 },
          { ...saltLine, productId: other.id, quantity: 1 },
        ]),
      );
      expect(approved.statusCode).toBe(200);
      expect(await statusOf(member, orderId)).toBe(ORDER_STATUS.ACCEPTED);
      const [record] = await saved(member);
      expect(record).toMatchObject({
        status: 'valid',
        validUntil: addDays(today(), 180),
        patient: { id: patientId, name: 'Kamala Verma' },
      });
      expect(record?.lines.map((line) => line.remainingUnits)).toEqual([8, 0]);
      // The order's prescription names the chosen patient (the H1 register and invoice read it).
      const [prescription] = (
        await call(member, 'GET', `/api/order/${orderId}/prescriptions`)
      ).json().prescriptions;
      expect(prescription).toMatchObject({ patientName: 'Kamala Verma' });
      expect(prescription.savedPrescription.id).toBe(record?.id);
      const invoice = await call(member, 'GET', `/api/order/${orderId}/invoice.pdf`);
      expect(pdfText(invoice.rawPayload)).toMatch(/Prescription medicines for\s+Kamala\s+Verma/);
      firstOrder = orderId;
    });

    it('reuses the saved prescription for a later order without an upload, for its owner only', async () => {
      expect(firstOrder).toBeGreaterThan(0);
      const [record] = await saved(member);
      const orderId = await rxOrder(member, [{ productId: tablet.id, units: 3 }]);
      const offered = await call(member, 'GET', `/api/order/${orderId}/saved-prescriptions`);
      expect(offered.json().prescriptions.map((p: { id: number }) => p.id)).toEqual([record?.id]);

      const stranger = await createUser(t);
      expect(
        (await call(stranger, 'GET', '/api/prescriptions/saved')).json().prescriptions,
      ).toEqual([]);
      const strangerOrder = await rxOrder(stranger, [{ productId: tablet.id, units: 1 }]);
      const stolen = await call(
        stranger,
        'POST',
        `/api/order/${strangerOrder}/use-saved-prescription`,
        {
          prescriptionId: record?.id,
        },
      );
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().message).toBe(COVERAGE_MESSAGES.notSaved);
      expect(
        (await call(stranger, 'GET', `/api/order/${orderId}/saved-prescriptions`)).statusCode,
      ).toBe(404);

      const used = await call(member, 'POST', `/api/order/${orderId}/use-saved-prescription`, {
        prescriptionId: record?.id,
      });
      expect(used.statusCode).toBe(200);
      expect(await statusOf(member, orderId)).toBe(ORDER_STATUS.PAYMENT);
      await payCash(member, orderId);
      expect(await statusOf(member, orderId)).toBe(ORDER_STATUS.WAITING_TO_ACCEPT);
      const [listed] = (await call(member, 'GET', `/api/order/${orderId}/prescriptions`)).json()
        .prescriptions;
      expect(listed.files).toEqual([]);
      expect((await saved(member))[0]?.lines[0]).toMatchObject({
        dispensedUnits: 5,
        remainingUnits: 5,
      });
      // The pharmacist checks it without transcribing again.
      expect((await review(orderId, { decision: 'approve' })).statusCode).toBe(200);
      expect(await statusOf(member, orderId)).toBe(ORDER_STATUS.ACCEPTED);
    });

    it('never lets two concurrent orders take more than remains, and gives units back on cancel', async () => {
      const [record] = await saved(member);
      const a = await rxOrder(member, [{ productId: tablet.id, units: 3 }]);
      const b = await rxOrder(member, [{ productId: tablet.id, units: 3 }]);
      const use = (orderId: number) =>
        call(member, 'POST', `/api/order/${orderId}/use-saved-prescription`, {
          prescriptionId: record?.id,
        });
      const answers = await Promise.all([use(a), use(b)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers[0]?.statusCode === 409 ? a : b;
      const winner = loser === a ? b : a;
      const refusal = answers.find((answer) => answer.statusCode === 409)?.json().message;
      expect(refusal).toBe(COVERAGE_MESSAGES.beyondRemaining(tablet.name, 3, 2));
      expect((await saved(member))[0]?.lines[0]?.remainingUnits).toBe(2);

      expect(
        (await call(admin, 'PUT', `/api/order/${winner}`, { statusId: ORDER_STATUS.CANCELLED }))
          .statusCode,
      ).toBe(200);
      expect((await saved(member))[0]?.lines[0]?.remainingUnits).toBe(5);
      expect((await use(loser)).statusCode).toBe(200);
      // A rejection gives them back too.
      await payCash(member, loser);
      const rejected = await review(loser, { decision: 'reject', reason: 'Not legible.' });
      expect(rejected.statusCode).toBe(200);
      expect((await saved(member))[0]?.lines[0]?.remainingUnits).toBe(5);
    });

    it('asks for a new prescription once the saved one has expired', async () => {
      const [record] = await saved(member);
      const orderId = await rxOrder(member, [{ productId: tablet.id, units: 1 }]);
      // Taken while valid, then left waiting for the pharmacist past its last day.
      const waiting = await rxOrder(member, [{ productId: tablet.id, units: 1 }]);
      const body = { prescriptionId: record?.id };
      await call(member, 'POST', `/api/order/${waiting}/use-saved-prescription`, body);
      await payCash(member, waiting);
      const real = clock;
      try {
        clock = new Date(Date.parse(`${record?.validUntil}T12:00:00+05:30`) + DAY_MS);
        const stale = await review(waiting, { decision: 'approve' });
        expect(stale.json().message).toBe(COVERAGE_MESSAGES.expired(record?.validUntil ?? ''));
        expect((await saved(member))[0]?.status).toBe('expired');
        expect(
          (await call(member, 'GET', `/api/order/${orderId}/saved-prescriptions`)).json()
            .prescriptions,
        ).toEqual([]);
        const late = await call(member, 'POST', `/api/order/${orderId}/use-saved-prescription`, {
          prescriptionId: record?.id,
        });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe(COVERAGE_MESSAGES.expired(record?.validUntil ?? ''));
        expect(await statusOf(member, orderId)).toBe(ORDER_STATUS.COLLECTING_PRESCRIPTION);
      } finally {
        clock = real;
      }
    });

    it('keeps a Schedule H1 prescription valid for 30 days and refuses one issued before that', async () => {
      const h1 = await createProduct(db(), basics, {
        name: `Alprazolam ${Date.now()}`,
        quantity: 10,
        scheduleCode: 'H1',
      });
      const orderId = await rxOrder(member, [{ productId: h1.id, units: 1 }]);
      await uploadPrescription(t, member, orderId, { patientId: String(patientId) });
      await payCash(member, orderId);
      const issued = (days: number) => ({
        decision: 'approve',
        ...transcriptionFor([h1.id], { issuedOn: addDays(today(), -days) }),
      });
      const stale = await review(orderId, issued(31));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        TRANSCRIPTION_MESSAGES.expiredOnIssue(addDays(today(), -1)),
      );
      expect((await review(orderId, issued(30))).statusCode).toBe(200);
      const record = (await saved(member)).find((p) => p.validUntil === today());
      expect(record).toMatchObject({ status: 'valid' });
      // Dispatched, the H1 register names the order's patient.
      for (const statusId of [ORDER_STATUS.PACKING, ORDER_STATUS.DISPATCHED])
        expect((await call(admin, 'PUT', `/api/order/${orderId}`, { statusId })).statusCode).toBe(
          200,
        );
      const [entry] = await db()
        .select()
        .from(scheduleRegister)
        .where(eq(scheduleRegister.orderId, orderId));
      expect(entry?.patientName).toBe('Kamala Verma');
    });
  });
});
