import { describeFuzzGroup } from './support/fuzz-group';

/** Issue 7 · fuzzing: the pharmacy's own routes (users, catalogue names, reviews, deletions). */
describeFuzzGroup('admin');
