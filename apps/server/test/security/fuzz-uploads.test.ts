import { describeFuzzGroup } from './support/fuzz-group';

/** Issue 7 · fuzzing: multipart uploads (products, divisions, prescriptions); nothing is stored on a 4xx. */
describeFuzzGroup('uploads');
