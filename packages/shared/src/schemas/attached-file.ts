import { z } from 'zod';

/**
 * A file the browser attached to a form (a File there; this package knows no DOM types). Forms
 * that upload keep their files in the form state, so their schemas can count them.
 */
export interface AttachedFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export const attachedFileSchema = z.custom<AttachedFile>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AttachedFile).name === 'string' &&
    typeof (value as AttachedFile).size === 'number',
);
