/**
 * Texts of the back-in-stock requests (issue 17); the spec's own answer stays in MESSAGES. A file
 * of their own: the product page shows them, and must download neither zod (the schemas beside
 * which they are exported) nor the other screens' texts.
 */
export const STOCK_ALERT_TEXTS = {
  waiting: "We'll e-mail you",
  waitingDetail: 'We will e-mail you once when it is back in stock.',
  cancelled: 'You will not be e-mailed about this product.',
  notFound: 'You have no waiting request for this product.',
} as const;
