import { relations } from 'drizzle-orm';
import { addresses } from './addresses';
import { cartItems } from './cart';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
  stockNotifications,
} from './catalog';
import { orderLines, orderStatusHistory, orders } from './orders';
import { payments } from './payments';
import { prescriptionFiles, prescriptions } from './prescriptions';
import { passwordResetTokens, users } from './users';

/** Relations for `db.query.*` (with: { … }); they add no SQL constraints. */
export const usersRelations = relations(users, ({ many }) => ({
  addresses: many(addresses),
  cartItems: many(cartItems),
  orders: many(orders),
  prescriptions: many(prescriptions, { relationName: 'prescriptionOwner' }),
  passwordResetTokens: many(passwordResetTokens),
  stockNotifications: many(stockNotifications),
}));

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  user: one(users, { fields: [passwordResetTokens.userId], references: [users.id] }),
}));

export const addressesRelations = relations(addresses, ({ one }) => ({
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
}));

export const divisionsRelations = relations(divisions, ({ many }) => ({
  products: many(products),
}));

export const manufacturersRelations = relations(manufacturers, ({ many }) => ({
  products: many(products),
}));

export const saltCompositionsRelations = relations(saltCompositions, ({ many }) => ({
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  division: one(divisions, { fields: [products.divisionId], references: [divisions.id] }),
  manufacturer: one(manufacturers, {
    fields: [products.manufacturerId],
    references: [manufacturers.id],
  }),
  saltComposition: one(saltCompositions, {
    fields: [products.saltCompositionId],
    references: [saltCompositions.id],
  }),
  images: many(productImages),
  cartItems: many(cartItems),
  orderLines: many(orderLines),
  stockNotifications: many(stockNotifications),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));

export const stockNotificationsRelations = relations(stockNotifications, ({ one }) => ({
  user: one(users, { fields: [stockNotifications.userId], references: [users.id] }),
  product: one(products, { fields: [stockNotifications.productId], references: [products.id] }),
}));

export const cartItemsRelations = relations(cartItems, ({ one }) => ({
  user: one(users, { fields: [cartItems.userId], references: [users.id] }),
  product: one(products, { fields: [cartItems.productId], references: [products.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  orderedBy: one(users, { fields: [orders.userId], references: [users.id] }),
  address: one(addresses, { fields: [orders.addressId], references: [addresses.id] }),
  lines: many(orderLines),
  statusHistory: many(orderStatusHistory),
  prescriptions: many(prescriptions),
  payments: many(payments),
}));

export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderLines.productId], references: [products.id] }),
}));

export const orderStatusHistoryRelations = relations(orderStatusHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStatusHistory.orderId], references: [orders.id] }),
  changedBy: one(users, {
    fields: [orderStatusHistory.changedByUserId],
    references: [users.id],
  }),
}));

export const prescriptionsRelations = relations(prescriptions, ({ one, many }) => ({
  order: one(orders, { fields: [prescriptions.orderId], references: [orders.id] }),
  user: one(users, {
    fields: [prescriptions.userId],
    references: [users.id],
    relationName: 'prescriptionOwner',
  }),
  reviewedBy: one(users, {
    fields: [prescriptions.reviewedByUserId],
    references: [users.id],
    relationName: 'prescriptionReviewer',
  }),
  files: many(prescriptionFiles),
}));

export const prescriptionFilesRelations = relations(prescriptionFiles, ({ one }) => ({
  prescription: one(prescriptions, {
    fields: [prescriptionFiles.prescriptionId],
    references: [prescriptions.id],
  }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));
