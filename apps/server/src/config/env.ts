import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  findGstState,
  type AfterSalesPolicy,
  type GstState,
  type LoyaltyPolicy,
} from '@pharmacy/shared';

/**
 * The only reader of process.env (ARCHITECTURE.md). Every variable is validated once at start;
 * a bad value stops the process with a message naming it.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  PUBLIC_URL: optionalString,
  JWT_SECRET: optionalString,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: booleanString.optional(),
  SHOP_NAME: z.string().default('MediKart Pharmacy'),
  CURRENCY_SYMBOL: z.string().min(1).max(4).default('₹'),
  SUPPORT_EMAIL: z.string().default('support@medikart.example'),
  SUPPORT_PHONE: z.string().default('+91 80 4000 1234'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('MediKart Pharmacy <no-reply@medikart.example>'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_URL: z.string().trim().url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z
    .string()
    .trim()
    .url()
    .default('https://checkout.razorpay.com/v1/checkout.js'),
  /** Rupees; unset or empty: cash on delivery has no maximum. */
  COD_MAX_ORDER_VALUE: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, 'must be an amount in rupees, such as 5000 or 4999.50')
      .transform(Number)
      .refine((value) => value > 0, 'must be more than 0')
      .optional(),
  ),
  /** Issue 29: the secret couriers sign tracking webhooks with; unset: the webhook refuses all. */
  COURIER_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER_URL: z.string().url().default('https://accounts.google.com'),
  S3_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.string().url().optional()),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: booleanString.default(false),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  MIN_SHELF_LIFE_DAYS: z.coerce.number().int().min(0).max(730).default(30),
  NEAR_EXPIRY_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  RECORD_RETENTION_YEARS: z.coerce.number().int().min(1).max(50).default(3),
  PRESCRIPTION_VALID_DAYS: z.coerce.number().int().min(1).max(730).default(180),
  PRESCRIPTION_H1_VALID_DAYS: z.coerce.number().int().min(1).max(730).default(30),
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  JOB_WORKERS: booleanString.default(true),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  REFILL_REMINDER_DAYS_BEFORE: z.coerce.number().int().min(0).max(30).default(3),
  // Issue 19 after-sales policy (the FAQ's figures) and loyalty programme.
  CANCEL_WINDOW_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  DAMAGE_REPORT_HOURS: z.coerce.number().int().min(0).max(720).default(48),
  LOYALTY_RUPEES_PER_POINT: z.coerce.number().int().min(1).max(100_000).default(100),
  LOYALTY_POINT_VALUE_PAISE: z.coerce.number().int().min(1).max(10_000).default(100),
  LOYALTY_MAX_REDEEM_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  LOYALTY_EXPIRY_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  // The seller printed on GST invoices (issue 18). The defaults are demo values for a local run,
  // not a registration: a real shop sets every one of them.
  SELLER_LEGAL_NAME: optionalString,
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default('Demo address: 12 MG Road, Bengaluru 560001, Karnataka'),
  SELLER_STATE: z.string().trim().min(1).default('Karnataka'),
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      GSTIN_PATTERN,
      'must be a 15-character GSTIN: 2-digit State code, 10-character PAN, entity digit, Z, check character (e.g. 29ABCDE1234F1Z5)',
    )
    .default('29ABCDE1234F1Z5'),
  SELLER_DRUG_LICENCE_NUMBERS: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .default('Demo: 20B/KA/BLR/000001, 21B/KA/BLR/000001'),
});

/** The demo admin of local mode (DECISIONS); the README states these credentials. */
export const DEMO_ADMIN = { email: 'admin@medikart.example', password: 'Admin@123' } as const;

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset means embedded PGlite in dataDir; 'memory://' runs PGlite in memory (tests). */
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  shopName: string;
  currencySymbol: string;
  supportEmail: string;
  supportPhone: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe:
    { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
  /**
   * Razorpay (issue 28): the shop's online payment when its three secrets are set. apiUrl points
   * the SDK elsewhere (a proxy, or the local double in tests); checkoutUrl is the browser script.
   */
  razorpay:
    | {
        keyId: string;
        keySecret: string;
        webhookSecret: string;
        apiUrl: string;
        checkoutUrl: string;
      }
    | undefined;
  /** Cash on delivery is not offered above this order total (minor units); null: no maximum. */
  codMaxOrderValueMinor: number | null;
  /** COURIER_WEBHOOK_SECRET; undefined: no courier may report tracking events. */
  courierWebhookSecret: string | undefined;
  google: { clientId: string; clientSecret: string; issuerUrl: string } | undefined;
  /** The bucket for uploaded files (lib/storage/s3.ts); unset keeps them in dataDir. */
  s3:
    | {
        /** Unset means AWS itself; set for any S3-compatible server (MinIO, R2, s3rver…). */
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        /**
         * Where browsers read public objects directly (a CDN, or the bucket's address when its
         * policy makes `uploads/*` readable). Unset: the app answers each image with a presigned
         * URL, so the bucket can stay wholly private.
         */
        publicUrl: string | undefined;
      }
    | undefined;
  /** Shared store of the rate limits when set; otherwise the shop's database. */
  redisUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  trustProxy: boolean;
  /** Sign-ups allowed per client address per minute. */
  signupRateLimit: number;
  /** A batch is sold only while at least this many days remain before its expiry date. */
  minShelfLifeDays: number;
  /** Default window of the admin near-expiry list. */
  nearExpiryDays: number;
  /** Prescriptions and register rows cannot be deleted for this many years (issue 16). */
  recordRetentionYears: number;
  /** Issue 31: days after its issue a transcribed prescription may be dispensed against. */
  prescriptionValidity: { validDays: number; h1ValidDays: number };
  /**
   * Seconds the server reuses an anonymous catalogue answer it computed (CATALOG_CACHE_SECONDS,
   * default 5); changes made through this server show at once, other servers' within this time.
   * 0 turns it off (the default under NODE_ENV=test, so tests see every write).
   */
  catalogCacheSeconds: number;
  /**
   * Seconds listing counts and deep-page anchors are reused (changes through this server show at
   * once). Not an environment variable; 0 under NODE_ENV=test.
   */
  listingCacheSeconds: number;
  /** Background work (issue 17, decision 0014). */
  jobs: {
    /** This instance works queued jobs (JOB_WORKERS); others only queue them. */
    workers: boolean;
    /** Tries of a mail after the first before it is left failed (MAIL_RETRY_LIMIT). */
    mailRetryLimit: number;
    /** The first retry's delay; each next doubles, with jitter (MAIL_RETRY_DELAY_SECONDS). */
    mailRetryDelaySeconds: number;
    /** A job running longer is taken to belong to a dead server and run again (JOB_TIMEOUT_SECONDS). */
    timeoutSeconds: number;
  };
  /** Refill reminder mails go this many days before the refill is due (issue 17). */
  refillReminderDaysBefore: number;
  /** The cancel/change window and the return and damage-report windows (issue 19). */
  afterSales: AfterSalesPolicy;
  /** Points earned, their value when spent, the redemption cap and their expiry (issue 19). */
  loyalty: LoyaltyPolicy;
  /** The registered seller printed on every GST invoice and credit note (issue 18). */
  seller: SellerConfig;
}

export interface SellerConfig {
  legalName: string;
  address: string;
  /** The State of the GST registration: decides CGST + SGST against IGST. */
  state: Pick<GstState, 'code' | 'name'>;
  gstin: string;
  /** Form 20/21 (retail) licence numbers, as printed. */
  drugLicenceNumbers: string;
}

export class ConfigError extends Error {}

/** JWT_SECRET unset → one generated into DATA_DIR, so restarts keep people signed in. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  const port = overrides.port ?? e.PORT;

  if (production && !e.JWT_SECRET && !overrides.jwtSecret) {
    // A generated secret on disk is fine locally; in production it must be managed.
    throw new ConfigError('Invalid environment:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  if (e.JWT_SECRET && e.JWT_SECRET.length < 32) {
    throw new ConfigError('Invalid environment:\n  JWT_SECRET: must be at least 32 characters');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid environment:\n  ADMIN_EMAIL / ADMIN_PASSWORD: set both or neither',
    );
  }
  if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < 6) {
    throw new ConfigError('Invalid environment:\n  ADMIN_PASSWORD: must be at least 6 characters');
  }
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined;
  const razorpaySettings = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET, e.RAZORPAY_WEBHOOK_SECRET];
  if (razorpaySettings.some(Boolean) && !razorpaySettings.every(Boolean)) {
    // Half a Razorpay configuration would take payments it cannot verify, or none at all.
    throw new ConfigError(
      'Invalid environment:\n  RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET / RAZORPAY_WEBHOOK_SECRET: set all three to take payments through Razorpay',
    );
  }
  const razorpay =
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
      ? {
          keyId: e.RAZORPAY_KEY_ID,
          keySecret: e.RAZORPAY_KEY_SECRET,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
          apiUrl: e.RAZORPAY_API_URL.replace(/\/$/, ''),
          checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
        }
      : undefined;
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          issuerUrl: e.OIDC_ISSUER_URL,
        }
      : undefined;
  const s3Settings = [
    e.S3_ENDPOINT,
    e.S3_BUCKET,
    e.S3_REGION,
    e.S3_ACCESS_KEY_ID,
    e.S3_SECRET_ACCESS_KEY,
    e.S3_PUBLIC_URL,
  ];
  const s3Complete = Boolean(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY);
  if (!s3Complete && s3Settings.some(Boolean)) {
    // Half a bucket configuration must not fall back to local disk without a word.
    throw new ConfigError(
      'Invalid environment:\n  S3_BUCKET / S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set all three to store files in S3',
    );
  }
  const s3 =
    e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined;

  const sellerState = findGstState(e.SELLER_STATE);
  if (!sellerState) {
    throw new ConfigError(
      `Invalid environment:\n  SELLER_STATE: "${e.SELLER_STATE}" is not an Indian State or Union territory (a name such as Karnataka, or its GST code such as 29)`,
    );
  }
  if (!e.SELLER_GSTIN.startsWith(sellerState.code)) {
    throw new ConfigError(
      `Invalid environment:\n  SELLER_GSTIN: must start with ${sellerState.code}, the GST code of SELLER_STATE (${sellerState.name})`,
    );
  }

  return {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : production
          ? undefined
          : { ...DEMO_ADMIN },
    seedDemo: e.SEED_DEMO ?? !production,
    shopName: e.SHOP_NAME,
    currencySymbol: e.CURRENCY_SYMBOL,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe,
    razorpay,
    codMaxOrderValueMinor:
      e.COD_MAX_ORDER_VALUE === undefined ? null : Math.round(e.COD_MAX_ORDER_VALUE * 100),
    courierWebhookSecret: e.COURIER_WEBHOOK_SECRET,
    google,
    s3,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../web/dist')),
    trustProxy: e.TRUST_PROXY,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    minShelfLifeDays: e.MIN_SHELF_LIFE_DAYS,
    nearExpiryDays: e.NEAR_EXPIRY_DAYS,
    recordRetentionYears: e.RECORD_RETENTION_YEARS,
    /** Issue 31: how long a transcribed prescription may be dispensed against (days after issue). */
    prescriptionValidity: {
      validDays: e.PRESCRIPTION_VALID_DAYS,
      h1ValidDays: e.PRESCRIPTION_H1_VALID_DAYS,
    },
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5),
    listingCacheSeconds: e.NODE_ENV === 'test' ? 0 : 30,
    jobs: {
      workers: e.JOB_WORKERS,
      mailRetryLimit: e.MAIL_RETRY_LIMIT,
      mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      timeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    },
    refillReminderDaysBefore: e.REFILL_REMINDER_DAYS_BEFORE,
    afterSales: {
      changeOrCancelHours: e.CANCEL_WINDOW_HOURS,
      returnDays: e.RETURN_DAYS,
      damageReportHours: e.DAMAGE_REPORT_HOURS,
    },
    loyalty: {
      earnPerMinor: e.LOYALTY_RUPEES_PER_POINT * 100,
      pointValueMinor: e.LOYALTY_POINT_VALUE_PAISE,
      maxRedeemPercent: e.LOYALTY_MAX_REDEEM_PERCENT,
      expiryMonths: e.LOYALTY_EXPIRY_MONTHS,
    },
    seller: {
      legalName: e.SELLER_LEGAL_NAME ?? e.SHOP_NAME,
      address: e.SELLER_ADDRESS,
      state: { code: sellerState.code, name: sellerState.name },
      gstin: e.SELLER_GSTIN,
      drugLicenceNumbers: e.SELLER_DRUG_LICENCE_NUMBERS,
    },
    ...overrides,
  };
}
