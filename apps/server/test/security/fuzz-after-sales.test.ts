import { describeFuzzGroup } from './support/fuzz-group';

/**
 * Issue 19 · fuzzing: cancelling and re-addressing an order, coupon and points at the payment
 * step, returns and damage reports, loyalty points and the coupon admin.
 */
describeFuzzGroup('after-sales');
