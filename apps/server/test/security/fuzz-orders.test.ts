import { describeFuzzGroup } from './support/fuzz-group';

/** Issue 7 · fuzzing: placing and updating orders, prescriptions lists and files, card payments. */
describeFuzzGroup('orders');
