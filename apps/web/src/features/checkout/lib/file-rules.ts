import {
  LIMITS,
  MESSAGES,
  PRESCRIPTION_MAX_FILES,
  PRESCRIPTION_UPLOAD_MESSAGES,
} from '@pharmacy/shared';

/**
 * Spec §5 prescription files: JPG, JPEG, PNG, PDF, DOC by extension (any case), at most 5 MB
 * each, several at once (DECISIONS: at most PRESCRIPTION_MAX_FILES). The server checks the
 * content too; these rules only spare the shopper a round trip.
 */
export type FileRuleError =
  typeof MESSAGES.fileTypeUnsupported | typeof MESSAGES.fileTooBig | typeof MESSAGES.fileTooSmall;

export type PreviewKind = 'image' | 'pdf' | 'document';

/** The accept attribute of the file picker, e.g. '.jpg,.jpeg,.png,.pdf,.doc'. */
export const ACCEPTED_EXTENSIONS = LIMITS.uploadExtensions.map((ext) => `.${ext}`).join(',');

/** The types as shown to people: 'JPG, JPEG, PNG, PDF, DOC'. */
export const ACCEPTED_TYPES_LABEL = LIMITS.uploadExtensions
  .map((ext) => ext.toUpperCase())
  .join(', ');

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function fileRuleError(file: Pick<File, 'name' | 'size'>): FileRuleError | null {
  if (!LIMITS.uploadExtensions.includes(fileExtension(file.name)))
    return MESSAGES.fileTypeUnsupported;
  if (file.size > LIMITS.uploadMaxBytes) return MESSAGES.fileTooBig;
  if (file.size <= 0) return MESSAGES.fileTooSmall;
  return null;
}

export interface FileSelection<F extends Pick<File, 'name' | 'size'>> {
  accepted: F[];
  /** One line per refused file: its name and the rule it broke. */
  rejected: { file: F; error: FileRuleError | typeof TOO_MANY_FILES }[];
}

export const TOO_MANY_FILES = PRESCRIPTION_UPLOAD_MESSAGES.tooManyFiles;

/** Adds newly chosen files to those already chosen, keeping only valid ones up to the limit. */
export function selectFiles<F extends Pick<File, 'name' | 'size'>>(
  current: readonly F[],
  incoming: readonly F[],
): FileSelection<F> {
  const accepted: F[] = [];
  const rejected: FileSelection<F>['rejected'] = [];
  for (const file of incoming) {
    const error = fileRuleError(file);
    if (error) rejected.push({ file, error });
    else if (current.length + accepted.length >= PRESCRIPTION_MAX_FILES)
      rejected.push({ file, error: TOO_MANY_FILES });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'bmp'];

/** Spec §2 previews: thumbnails for jpeg, jpg, png, gif, bmp; PDF embedded; DOC as a file card. */
export function previewKind(name: string): PreviewKind {
  const ext = fileExtension(name);
  if (IMAGE_EXTENSIONS.includes(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  return 'document';
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
