/**
 * File types recognised by their first bytes (magic numbers), never by the name or the declared
 * content type alone, which the client controls (OWASP ASVS 5.2).
 */
export type DetectedType =
  | { mime: 'image/jpeg'; ext: 'jpg' }
  | { mime: 'image/png'; ext: 'png' }
  | { mime: 'image/gif'; ext: 'gif' }
  | { mime: 'image/webp'; ext: 'webp' }
  | { mime: 'image/bmp'; ext: 'bmp' }
  | { mime: 'application/pdf'; ext: 'pdf' }
  | { mime: 'application/msword'; ext: 'doc' };

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);

export function detectFileType(buffer: Buffer): DetectedType | undefined {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(buffer, [0x47, 0x49, 0x46, 0x38])) return { mime: 'image/gif', ext: 'gif' };
  if (
    startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(buffer, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  if (startsWith(buffer, [0x42, 0x4d]) && buffer.length > 26)
    return { mime: 'image/bmp', ext: 'bmp' };
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { mime: 'application/pdf', ext: 'pdf' };
  // Word 97-2003 documents are OLE2 compound files.
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { mime: 'application/msword', ext: 'doc' };
  return undefined;
}
