/** Business constants and limits of spec §9. */
export const LIMITS = {
  productPageSize: 25,
  defaultPageSize: 10,
  userPageSize: 200,
  staticListLimit: 5,
  headerSearchDebounceMs: 300,
  userSearchDebounceMs: 1000,
  userSearchMinLength: 2,
  homeSearchRevealScrollPx: 245,
  productLoaderMs: 500,
  passwordMinLength: 6,
  signupPhoneMinDigits: 10,
  signupPhoneMaxDigits: 15,
  profilePhoneMinLength: 7,
  profilePhoneMaxLength: 15,
  minimumPrice: 50,
  lowStockBelow: 5,
  cardPaymentAbove: 50,
  uploadMaxBytes: 5 * 1024 * 1024,
  uploadExtensions: ['jpg', 'jpeg', 'png', 'pdf', 'doc'] as readonly string[],
  cartBadgeCap: 99,
  placeholderImageCount: 5,
  toastAutoCloseMs: 5000,
  counterDurationMs: 3000,
  paginationPageRange: 3,
  paginationMarginPages: 2,
} as const;

/** Spec §9: filter ids; -1 means no filter, -2 clears, -3 is 'see all'. */
export const FILTER_ID = { NONE: -1, CLEAR: -2, SEE_ALL: -3 } as const;

/** Spec §1 home counters. */
export const HOME_COUNTERS = [
  { value: 10, label: 'Years of experience' },
  { value: 100000, label: 'Happy customers' },
  { value: 500, label: 'Products' },
] as const;

/** Spec §9 / FAQ policy figures. */
export const POLICY = {
  returnDays: 30,
  changeOrCancelHours: 24,
  damageReportHours: 48,
  supportHours: 'Monday to Friday, 9 AM to 5 PM',
} as const;
