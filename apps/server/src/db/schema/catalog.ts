import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Spec §3 Division: name and one image. Names are unique ignoring case. */
export const divisions = pgTable(
  'divisions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    imageUrl: varchar('image_url', { length: 500 }),
    // Null for images stored before resizing existed and for vector (SVG) demo images.
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** Widths of the WebP variants stored beside the image (lib/image-variants.ts names them). */
    imageVariantWidths: integer('image_variant_widths').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('divisions_name_key').on(sql`lower(${t.name})`)],
);

export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('manufacturers_name_key').on(sql`lower(${t.name})`)],
);

export const saltCompositions = pgTable(
  'salt_compositions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    /**
     * The medicine information page's address, /medicine/{slug} (issue 30): made from the name
     * when the salt is created, de-duplicated with a suffix, and kept when it is renamed so links
     * and search results stay valid. Set by a trigger (migration 0022); never write it.
     */
    slug: varchar('slug', { length: 220 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('salt_compositions_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('salt_compositions_slug_key').on(t.slug),
  ],
);

/**
 * Drug schedules (issue 16): which medicines need a prescription, which the law keeps out of
 * online sale and which go into a register. Data, not code: migration 0009 seeds India's Drugs
 * and Cosmetics Rules (OTC, H, H1, X); another market edits these rows (docs/decisions/0012).
 * A product's `prescription` flag follows its schedule (a trigger keeps it so).
 */
export const drugSchedules = pgTable('drug_schedules', {
  code: varchar('code', { length: 10 }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  requiresPrescription: boolean('requires_prescription').notNull(),
  onlineSale: boolean('online_sale').notNull().default(true),
  keepsRegister: boolean('keeps_register').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Spec §3 Product. Prices are integer paise (DECISIONS). Divisions, manufacturers and salts
 * in use cannot be deleted (no cascade: the service answers 409 first). unitsSold is kept by
 * the orders service for "Top selling medicines".
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    offerPriceMinor: integer('offer_price_minor').notNull(),
    maximumRetailPriceMinor: integer('maximum_retail_price_minor').notNull(),
    quantity: integer('quantity').notNull().default(0),
    prescription: boolean('prescription').notNull().default(false),
    scheduleCode: varchar('schedule_code', { length: 10 })
      .notNull()
      .default('OTC')
      .references(() => drugSchedules.code, { onUpdate: 'cascade' }),
    maxUnitsPerOrder: integer('max_units_per_order'),
    isActive: boolean('is_active').notNull().default(true),
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    saltCompositionId: integer('salt_composition_id').references(() => saltCompositions.id),
    dosageForm: varchar('dosage_form', { length: 60 }),
    strength: varchar('strength', { length: 100 }),
    packSize: varchar('pack_size', { length: 100 }),
    description: text('description'),
    unitsSold: integer('units_sold').notNull().default(0),
    /** Printed on the tax invoice; defaults in packages/shared rules/gst.ts (issue 18). */
    hsnCode: varchar('hsn_code', { length: 8 }).notNull().default('3004'),
    /** GST percent, tax included in the prices: one of GST_RATES. */
    gstRate: smallint('gst_rate').notNull().default(5),
    /** Issue 19: false for what cannot come back once sold (cold chain, opened hygiene items). */
    returnable: boolean('returnable').notNull().default(true),
    /** Sellable stock below this puts the product on the low-stock list. */
    reorderLevel: integer('reorder_level').notNull().default(5),
    /**
     * lower(name + salt + manufacturer) for text search; set by a trigger (migration
     * 0003_products_search_text), also when a salt or manufacturer is renamed. Never write it.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('products_quantity_check', sql`${t.quantity} >= 0`),
    check('products_offer_price_check', sql`${t.offerPriceMinor} >= 0`),
    check('products_maximum_retail_price_check', sql`${t.maximumRetailPriceMinor} >= 0`),
    check(
      'products_offer_not_above_mrp_check',
      sql`${t.offerPriceMinor} <= ${t.maximumRetailPriceMinor}`,
    ),
    check('products_units_sold_check', sql`${t.unitsSold} >= 0`),
    check('products_hsn_code_check', sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
    check('products_gst_rate_check', sql`${t.gstRate} IN (0, 5, 12, 18, 28, 40)`),
    check('products_reorder_level_check', sql`${t.reorderLevel} >= 0`),
    check(
      'products_max_units_per_order_check',
      sql`${t.maxUnitsPerOrder} IS NULL OR ${t.maxUnitsPerOrder} > 0`,
    ),
    // The low-stock list: only the few products below their reorder level are in this index.
    index('products_low_stock_idx')
      .on(t.quantity, t.id)
      .where(sql`${t.isActive} and ${t.quantity} < ${t.reorderLevel}`),
    // …and its other sorts, read in index order. The trailing columns are what the sort keys are
    // computed from: with them a page's ids come from the index alone, deep pages included.
    index('products_low_stock_name_idx')
      .on(sql`lower(${t.name})`, t.id, t.name)
      .where(sql`${t.isActive} and ${t.quantity} < ${t.reorderLevel}`),
    index('products_low_stock_shortfall_idx')
      .on(sql`(${t.reorderLevel} - ${t.quantity})`, t.id, t.quantity, t.reorderLevel)
      .where(sql`${t.isActive} and ${t.quantity} < ${t.reorderLevel}`),
    // Shop listing (spec §2): newest / oldest and price sorts over the active catalogue. The id
    // breaks ties in the same direction as the sort key (DESC NULLS FIRST is what ORDER BY … DESC
    // means, so a query 'created_at DESC, id DESC' reads the index forwards, 'ASC, ASC' backwards).
    index('products_active_created_at_idx').on(
      t.isActive,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Admin product list: the whole catalogue, newest first.
    index('products_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_active_offer_price_idx').on(t.isActive, t.offerPriceMinor, t.id),
    // Filters by division, manufacturer (also the /shop/brand/{id} page) and salt.
    index('products_division_created_at_idx').on(t.divisionId, t.createdAt),
    index('products_manufacturer_created_at_idx').on(t.manufacturerId, t.createdAt),
    // Salt filter and "substitutes": same salt, cheapest first.
    index('products_salt_offer_price_idx').on(t.saltCompositionId, t.offerPriceMinor),
    // Top selling, newest first when nothing has sold yet (DECISIONS).
    index('products_units_sold_idx').on(
      t.unitsSold.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Text search: substring match on the name…
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // …and on name, salt and manufacturer together (LIKE '%term%').
    index('products_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Terms of one or two letters, too short for trigrams: names starting with them, in order.
    index('products_name_prefix_idx').on(sql`lower(${t.name}) COLLATE "C"`, t.isActive),
  ],
);

/**
 * Every word (3+ letters) of products.search_text, kept by triggers (migration 0004). A misspelt
 * term is matched against these few thousand words by trigram similarity, then the products
 * holding the closest words are found through the search_text index (docs/performance.md).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /**
     * Active products whose search text has this word, kept by triggers (migration 0005): a term
     * inside one word only, or a misspelt term's closest word, is counted without reading the
     * products (docs/performance.md).
     */
    products: integer('products').notNull().default(0),
  },
  (t) => [index('search_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 500 }).notNull(),
    position: integer('position').notNull().default(0),
    // Null for images stored before resizing existed and for vector (SVG) demo images.
    width: integer('width'),
    height: integer('height'),
    /** Widths of the WebP variants stored beside the image (lib/image-variants.ts names them). */
    variantWidths: integer('variant_widths').array(),
  },
  (t) => [
    index('product_images_product_id_position_idx').on(t.productId, t.position),
    check('product_images_position_check', sql`${t.position} >= 0`),
  ],
);

/**
 * Product page 'Notify me when available': at most one waiting request per user and product.
 * A request is fulfilled (notified_at) when the back-in-stock mail is queued; asking again later
 * makes a new one (issue 17).
 */
export const stockNotifications = pgTable(
  'stock_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_notifications_waiting_key')
      .on(t.userId, t.productId)
      .where(sql`${t.notifiedAt} is null`),
    index('stock_notifications_product_id_idx').on(t.productId),
  ],
);

export type DivisionRow = typeof divisions.$inferSelect;
export type NewDivisionRow = typeof divisions.$inferInsert;
export type ManufacturerRow = typeof manufacturers.$inferSelect;
export type NewManufacturerRow = typeof manufacturers.$inferInsert;
export type SaltCompositionRow = typeof saltCompositions.$inferSelect;
export type NewSaltCompositionRow = typeof saltCompositions.$inferInsert;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductImageRow = typeof productImages.$inferSelect;
export type NewProductImageRow = typeof productImages.$inferInsert;
export type StockNotificationRow = typeof stockNotifications.$inferSelect;
export type NewStockNotificationRow = typeof stockNotifications.$inferInsert;
