import { z } from 'zod';

/**
 * Issue 32 points 5 and 6: a customer's rights over their data (download, deletion), their
 * consents to marketing mail, and signing out everywhere.
 */

/** The kinds of marketing mail a customer consents to (marketing_consents.kind). */
export const CONSENT_KINDS = ['newsletter', 'back_in_stock', 'refill_reminders'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * What a customer who never said anything gets (decision 0028, "Consents"): the newsletter only
 * after signing up for it; back-in-stock and refill mails are what the customer asked for, one
 * product or one reminder at a time, so they are sent until withdrawn.
 */
export const CONSENT_DEFAULTS: Record<ConsentKind, boolean> = {
  newsletter: false,
  back_in_stock: true,
  refill_reminders: true,
};

export const CONSENT_LABELS: Record<ConsentKind, { title: string; explain: string }> = {
  newsletter: {
    title: 'Newsletter',
    explain: 'Occasional e-mails about offers and health tips.',
  },
  back_in_stock: {
    title: 'Back-in-stock e-mails',
    explain: 'An e-mail when a medicine you asked about can be bought again.',
  },
  refill_reminders: {
    title: 'Refill reminders',
    explain: 'An e-mail a few days before a refill you set up is due.',
  },
};

/** The mail-link token's purpose for each kind's unsubscribe link. */
export const consentUnsubscribePurpose = (kind: ConsentKind) => `unsubscribe-${kind}`;

export const consentSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  granted: z.boolean(),
  /** When it was last given or withdrawn; null when the default applies. */
  changedAt: z.string().nullable(),
  /** Where: 'account', 'unsubscribe-link', 'newsletter-form', 'account-deleted'; null by default. */
  source: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentsResponseSchema = z.object({ consents: z.array(consentSchema) });
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;

/** PUT /user/consents: the kinds to change, each granted (true) or withdrawn (false). */
export const consentsUpdateSchema = z
  .object({
    newsletter: z.boolean().optional(),
    back_in_stock: z.boolean().optional(),
    refill_reminders: z.boolean().optional(),
  })
  .strict();
export type ConsentsUpdate = z.infer<typeof consentsUpdateSchema>;

export const PRIVACY_TEXTS = {
  pageTitle: 'Privacy & data',
  intro:
    'Download everything we keep about you, choose which e-mails you get, sign out of other devices, or delete your account.',
  downloadTitle: 'Download my data',
  downloadExplain:
    'A ZIP file with your profile, addresses, orders, payments and refunds, prescriptions and their files, patients, points, coupons, returns, alerts, reminders and consents, with a README that explains each file.',
  downloadButton: 'Download my data',
  downloading: 'Preparing your file…',
  downloaded: 'Your data was downloaded.',
  exportRateLimited:
    'You have downloaded your data several times in the last hour. Please try again later.',
  consentsTitle: 'E-mails you get',
  consentsExplain:
    'Order and account e-mails are always sent. These e-mails are sent only while you allow them.',
  consentSaved: 'Your e-mail choices were saved.',
  signOutTitle: 'Sign out everywhere',
  signOutExplain:
    'Ends every other session of your account, on every phone and computer. You stay signed in here.',
  signOutButton: 'Sign out other devices',
  signedOutEverywhere:
    'Every other session of your account has ended. You are still signed in here.',
  deleteTitle: 'Delete my account',
  deleteExplain:
    'Your personal details are erased and you are signed out everywhere. What the law makes the pharmacy keep stays, linked to an anonymised account.',
  deleteButton: 'Delete my account',
  deleteConfirmTitle: 'Delete your account?',
  deletePasswordLabel: 'Your password',
  deleteGoogleLabel: 'Type DELETE to confirm',
  deleting: 'Deleting…',
  deleteConfirmButton: 'Delete my account for good',
  erasedListTitle: 'Erased now',
  keptListTitle: 'Kept, as the law requires',
  openOrder:
    'You have an order that is not yet delivered or cancelled. Please wait until it is delivered, or cancel it, and then delete your account.',
  wrongPassword: 'The password is not correct.',
  staffAccount:
    'A staff account cannot be deleted here. Please ask the owner to deactivate it; your data can still be downloaded.',
  confirmDelete: 'Please type DELETE to confirm.',
  passwordNeeded: 'Please enter your password to confirm.',
  deletedTitle: 'Your account was deleted',
  deletedIntro: 'Your personal details were erased and you were signed out on every device.',
  unsubscribeTitle: 'Stop these e-mails',
  unsubscribeButton: 'Stop these e-mails',
  unsubscribing: 'Stopping…',
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Please use the link in your latest e-mail, or change your choices in Privacy & data.',
  unsubscribeExpired:
    'This unsubscribe link has expired. Please use the link in your latest e-mail, or change your choices in Privacy & data.',
} as const;

/** The unsubscribe page's sentence before the button, per kind. */
export const unsubscribeExplain = (kind: ConsentKind) =>
  `This stops ${CONSENT_LABELS[kind].title.toLowerCase()} for your e-mail address. Order and account e-mails are not affected, and you can turn them on again in Privacy & data.`;
export const unsubscribedMessage = (kind: ConsentKind) =>
  `Done: you will get no more ${CONSENT_LABELS[kind].title.toLowerCase()}.`;

export const deleteAccountSchema = z.object({
  /** Password accounts: the password, so a borrowed unlocked phone cannot delete the account. */
  password: z.string().min(1, PRIVACY_TEXTS.passwordNeeded).max(200).optional(),
  /** Google accounts have no password: they type DELETE. */
  confirm: z.string().max(20).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const deleteAccountResponseSchema = z.object({
  message: z.string(),
  /** What was erased, one sentence each. */
  erased: z.array(z.string()),
  /** What is kept, one sentence each, and the date until which the newest of it is kept. */
  kept: z.array(z.string()),
  keptUntil: z.string(),
  retentionYears: z.number().int(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

export const signOutEverywhereResponseSchema = z.object({
  message: z.string(),
  /** A fresh token for this session: every other one has ended. */
  token: z.string(),
});
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponseSchema>;

export const unsubscribeSchema = z.object({
  token: z.string().min(1, 'This unsubscribe link is incomplete.').max(2000),
});
export const unsubscribeOneClickQuerySchema = unsubscribeSchema;
export const unsubscribeResponseSchema = z.object({
  message: z.string(),
  kind: z.enum(CONSENT_KINDS),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** The data download's file name for a day (YYYY-MM-DD). */
export const myDataFileName = (day: string) => `medikart-my-data-${day}.zip`;
