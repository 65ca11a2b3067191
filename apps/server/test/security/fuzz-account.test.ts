import { describeFuzzGroup } from './support/fuzz-group';

/** Issue 7 · fuzzing: a member's profile, password, addresses and cart. */
describeFuzzGroup('account');
