import { describeFuzzGroup } from './support/fuzz-group';

/**
 * Issue 7 · fuzzing: newsletter, contact, login, sign-up, password reset, the Google callback and
 * the payment webhook (support/fuzz.ts says what every request is checked for). This file also
 * checks that every API route is fuzzed by one of the fuzz-*.test.ts files.
 */
describeFuzzGroup('forms');
