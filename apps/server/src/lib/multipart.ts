import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@pharmacy/shared';
import { AppError, BadRequestError, PayloadTooLargeError } from './errors';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  content: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

/**
 * Reads a multipart form into memory within limits: files over the size answer 413 and too many
 * files 413, before anything is stored. Repeated fields become arrays.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: {
    maxFiles: number;
    maxFileBytes: number;
    tooBigMessage: string;
    /**
     * Fields that carry files. A text part under one of these names is refused: a part whose
     * file name the parser cannot read (CR or LF in `filename*`) arrives as text, and would
     * otherwise be dropped without a word while the rest of the form is saved.
     */
    fileFields?: readonly string[];
  },
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new BadRequestError('The request must be multipart/form-data.');
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      // The form parser would otherwise cut `../../x.png` down to `x.png`; the whole name is kept
      // so that a name carrying a path is refused, not quietly accepted (issue 7).
      preservePath: true,
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: 50,
        fieldSize: 10_000,
      },
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.file.truncated) throw new PayloadTooLargeError(limits.tooBigMessage);
        // A browser sends an empty part without a name for a file input left empty: skipped. A
        // named file of zero bytes was chosen by someone and is refused (issue 7 hostile uploads).
        if (content.length === 0 && part.filename)
          throw new BadRequestError(`image: ${MESSAGES.fileTooSmall}`);
        if (content.length > 0)
          files.push({
            fieldname: part.fieldname,
            // A part sent with an empty file name arrives without one.
            filename: part.filename ?? '',
            mimetype: part.mimetype,
            content,
          });
      } else {
        if (limits.fileFields?.includes(part.fieldname))
          throw new BadRequestError(`${part.fieldname}: must be a file with a valid name.`);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const existing = fields[part.fieldname];
        if (existing === undefined) fields[part.fieldname] = value;
        else
          fields[part.fieldname] = Array.isArray(existing)
            ? [...existing, value]
            : [existing, value];
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(limits.tooBigMessage);
    if (code === 'FST_FILES_LIMIT')
      throw new PayloadTooLargeError(`At most ${limits.maxFiles} files can be uploaded at once.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new PayloadTooLargeError('The form has too many fields.');
    if (
      error instanceof AppError ||
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
    )
      throw error;
    // The form parser reports a truncated or malformed body with a plain Error (issue 7 fuzzing).
    throw new BadRequestError('The upload is not a valid multipart form.');
  }
  return { fields, files };
}

/** The last value of a field that may have been sent more than once. */
export function singleField(fields: MultipartBody['fields'], name: string): string | undefined {
  const value = fields[name];
  return Array.isArray(value) ? value.at(-1) : value;
}

/**
 * Control characters (C0, DEL, C1) and invisible format characters: bidirectional overrides and
 * isolates (U+202A–202E, U+2066–2069) that make `rx\u202Egnp.exe` display as `rxexe.png`,
 * zero-width characters, the byte order mark.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}]/u;

/**
 * The uploaded name as a display label, or undefined when it is not acceptable: a path (`/`,
 * `\`, `..`), quotes, control or invisible characters. The name never reaches a file path (the
 * storage generates names); this keeps labels shown to the pharmacist and the admin honest.
 */
export function cleanUploadName(filename: string): string | undefined {
  if (/[\\/"]/.test(filename) || filename.includes('..') || HIDDEN_CHARACTERS.test(filename))
    return undefined;
  const name = filename.trim().slice(0, 200);
  return name || undefined;
}
