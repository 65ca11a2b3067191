import { describeFuzzGroup } from './support/fuzz-group';

/** Issue 7 · fuzzing: catalogue listings, search, filters and product pages. */
describeFuzzGroup('catalogue');
