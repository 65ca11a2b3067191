import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
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
  limits: { maxFiles: number; maxFileBytes: number; tooBigMessage: string },
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new BadRequestError('The request must be multipart/form-data.');
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
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
        if (content.length > 0)
          files.push({
            fieldname: part.fieldname,
            // A part sent with an empty file name arrives without one.
            filename: part.filename ?? '',
            mimetype: part.mimetype,
            content,
          });
      } else {
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
