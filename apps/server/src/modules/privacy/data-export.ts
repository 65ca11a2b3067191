import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../lib/storage/index';
import type { ConsentsService } from './consents.service';
import * as repository from './privacy.repository';

/** The sections of data.json, each explained in README.txt. */
const README_SECTIONS: Array<[string, string]> = [
  ['profile', 'Your name, e-mail, phone number, how you sign in and when the account was made.'],
  ['addresses', 'The delivery addresses saved in your account.'],
  [
    'orders',
    'Every order: its status, totals and discounts (amounts in paise: 100 paise = 1 rupee), the delivery address as it was used, each line with its price, the status history, a cancellation, payments and refunds.',
  ],
  [
    'prescriptions',
    'The prescriptions you uploaded: the pharmacist’s review, the prescriber and patient names read from them, until when the pharmacy keeps them, and their files (in the folder prescription-files).',
  ],
  [
    'savedPrescriptions',
    'Prescriptions a pharmacist transcribed: prescriber, patient, issue date, validity and each medicine line with the units allowed and dispensed.',
  ],
  ['patients', 'The people you order for: name, relation, date of birth or age, sex, allergies.'],
  ['points', 'Your reward points: every point earned, redeemed, reversed or expired.'],
  ['couponsUsed', 'The coupons used on your orders and the discount each gave.'],
  ['returnRequests', 'Your return and damage requests, their lines and their history.'],
  ['stockAlerts', 'The products you asked us to tell you about when back in stock.'],
  ['refillReminders', 'Your refill reminders.'],
  [
    'consents',
    'Your choices about marketing e-mails now, and every change you made (when and where).',
  ],
];

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-80);

/**
 * Issue 32 point 5: the customer's data as a ZIP (fflate, decision 0029): data.json with every
 * section, README.txt explaining each, and the prescription files as uploaded, read through the
 * same storage the prescription download reads (lib/storage).
 */
export async function buildDataExport(
  deps: { db: Database; storage: FileStorage; consents: ConsentsService },
  userId: number,
  generatedAt: Date,
): Promise<Uint8Array> {
  const { db } = deps;
  const profile = await repository.profileOf(db, userId);
  if (!profile) throw new Error('no such user');
  const [
    addresses,
    orders,
    prescriptions,
    savedPrescriptions,
    patients,
    points,
    couponsUsed,
    returnRequests,
    stockAlerts,
    refillReminders,
    consentsNow,
    consentHistory,
  ] = await Promise.all([
    repository.addressesOf(db, userId),
    repository.ordersOf(db, userId),
    repository.prescriptionsOf(db, userId),
    repository.prescriptionRecordsOf(db, userId),
    repository.patientsOf(db, userId),
    repository.pointsOf(db, userId),
    repository.couponsUsedOf(db, userId),
    repository.returnsOf(db, userId),
    repository.stockAlertsOf(db, userId),
    repository.refillRemindersOf(db, userId),
    deps.consents.current(profile.email),
    deps.consents.history(userId, profile.email),
  ]);

  const files: Zippable = {};
  const prescriptionsOut = [];
  for (const prescription of prescriptions) {
    const filesOut = [];
    for (const { storageKey, ...file } of prescription.files) {
      const path = `prescription-files/${prescription.id}-${file.id}-${safeName(file.name)}`;
      files[path] = new Uint8Array(await deps.storage.readPrivate(storageKey));
      filesOut.push({ ...file, path });
    }
    prescriptionsOut.push({ ...prescription, files: filesOut });
  }

  const data = {
    generatedAt: generatedAt.toISOString(),
    profile,
    addresses,
    orders,
    prescriptions: prescriptionsOut,
    savedPrescriptions,
    patients,
    points,
    couponsUsed,
    returnRequests,
    stockAlerts,
    refillReminders,
    consents: { current: consentsNow, history: consentHistory },
  };
  const readme = [
    'Your data from the pharmacy',
    `Made on ${generatedAt.toISOString()} for account number ${userId}.`,
    '',
    'data.json holds everything we keep about you, in these sections:',
    ...README_SECTIONS.map(([key, text]) => `- ${key}: ${text}`),
    '',
    'prescription-files/ holds each prescription file you uploaded, named',
    '<prescription number>-<file number>-<original name>; data.json lists each under its prescription.',
    '',
    'Dates and times are in UTC (ISO 8601). Amounts ending in "Minor" are in paise.',
  ].join('\r\n');
  files['data.json'] = strToU8(JSON.stringify(data, null, 2));
  files['README.txt'] = strToU8(readme);
  return zipSync(files, { level: 6, mtime: generatedAt });
}
