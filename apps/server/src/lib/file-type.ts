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

/**
 * Decoders allocate width × height × 4 bytes whatever the file size, so a 200-byte PNG claiming
 * 50,000 × 50,000 px asks a browser or a thumbnailer for 10 GB (a "pixel flood" or decompression
 * bomb, OWASP ASVS 5.2.6). 16,384 px is the largest side most decoders accept; 50 megapixels
 * still admits the photo of a prescription from any phone camera.
 */
export const IMAGE_MAX_SIDE = 16_384;
export const IMAGE_MAX_PIXELS = 50_000_000;

export interface ImageSize {
  width: number;
  height: number;
}

/** The detected type of an accepted file, or why it was refused in words a person can act on. */
export type ContentCheck =
  | { ok: true; type: DetectedType; size?: ImageSize }
  | { ok: false; reason: 'unknown' | 'damaged' | 'dimensions'; message: string };

const PNG_IHDR = [0x49, 0x48, 0x44, 0x52];
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44];

/**
 * Walks the PNG chunks: IHDR first with the size, every chunk inside the file, and nothing after
 * IEND, so a PNG signature followed by HTML (or an image with a page appended) is refused.
 */
function pngSize(buffer: Buffer): ImageSize | undefined {
  if (buffer.length < 33 || buffer.readUInt32BE(8) !== 13 || !startsWith(buffer, PNG_IHDR, 12))
    return undefined;
  const size = { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
  let offset = 8;
  while (offset + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > buffer.length) return undefined;
    if (startsWith(buffer, PNG_IEND, offset + 4)) return end === buffer.length ? size : undefined;
    offset = end;
  }
  return undefined;
}

/** The frame header (SOF0–SOF15 except DHT, JPG and DAC) holds the size; it precedes the scan. */
function jpegSize(buffer: Buffer): ImageSize | undefined {
  let offset = 2;
  while (offset + 4 <= buffer.length) {
    if (buffer[offset] !== 0xff) return undefined;
    let marker = buffer[offset + 1] as number;
    // Fill bytes: any number of 0xFF may precede a marker.
    while (marker === 0xff && offset + 2 < buffer.length) {
      offset += 1;
      marker = buffer[offset + 1] as number;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) return undefined;
    if (offset + 4 > buffer.length) return undefined;
    const length = buffer.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (offset + 9 > buffer.length) return undefined;
      return { height: buffer.readUInt16BE(offset + 5), width: buffer.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

function gifSize(buffer: Buffer): ImageSize | undefined {
  const version = buffer.subarray(3, 6).toString('latin1');
  if (buffer.length < 13 || (version !== '87a' && version !== '89a')) return undefined;
  return { width: buffer.readUInt16LE(6), height: buffer.readUInt16LE(8) };
}

function webpSize(buffer: Buffer): ImageSize | undefined {
  if (buffer.length < 30) return undefined;
  const chunk = buffer.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ' && startsWith(buffer, [0x9d, 0x01, 0x2a], 23))
    return {
      width: buffer.readUInt16LE(26) & 0x3fff,
      height: buffer.readUInt16LE(28) & 0x3fff,
    };
  if (chunk === 'VP8L' && buffer[20] === 0x2f) {
    const bits = buffer.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X')
    return { width: buffer.readUIntLE(24, 3) + 1, height: buffer.readUIntLE(27, 3) + 1 };
  return undefined;
}

function bmpSize(buffer: Buffer): ImageSize | undefined {
  // Negative heights mean top-down rows.
  return { width: Math.abs(buffer.readInt32LE(18)), height: Math.abs(buffer.readInt32LE(22)) };
}

/** The size an image's header declares, or undefined when the header is not a valid one. */
export function readImageSize(buffer: Buffer, type: DetectedType): ImageSize | undefined {
  switch (type.mime) {
    case 'image/png':
      return pngSize(buffer);
    case 'image/jpeg':
      return jpegSize(buffer);
    case 'image/gif':
      return gifSize(buffer);
    case 'image/webp':
      return webpSize(buffer);
    case 'image/bmp':
      return bmpSize(buffer);
    default:
      return undefined;
  }
}

/**
 * A PDF ends with `%%EOF` (allowing a little trailing whitespace or junk from mail gateways); a
 * PDF signature in front of an HTML page has none.
 */
function pdfLooksWhole(buffer: Buffer): boolean {
  return buffer.subarray(Math.max(0, buffer.length - 1024)).includes('%%EOF');
}

/** An OLE2 compound file header: little-endian byte order mark and 512- or 4096-byte sectors. */
function oleLooksWhole(buffer: Buffer): boolean {
  if (buffer.length < 512 || !startsWith(buffer, [0xfe, 0xff], 28)) return false;
  const sectorShift = buffer.readUInt16LE(30);
  return sectorShift === 9 || sectorShift === 12;
}

/**
 * Detects the type by magic bytes and then reads the format's own header: a file that only
 * starts like an image or a document (a polyglot) is `damaged`, and an image larger than
 * IMAGE_MAX_SIDE or IMAGE_MAX_PIXELS is refused before anything decodes it.
 */
export function checkFileContent(buffer: Buffer): ContentCheck {
  const type = detectFileType(buffer);
  if (!type) return { ok: false, reason: 'unknown', message: 'The file type is not supported.' };
  if (type.mime === 'application/pdf')
    return pdfLooksWhole(buffer)
      ? { ok: true, type }
      : { ok: false, reason: 'damaged', message: 'The PDF file is damaged or incomplete.' };
  if (type.mime === 'application/msword')
    return oleLooksWhole(buffer)
      ? { ok: true, type }
      : { ok: false, reason: 'damaged', message: 'The DOC file is damaged or incomplete.' };
  const size = readImageSize(buffer, type);
  if (!size || size.width === 0 || size.height === 0)
    return { ok: false, reason: 'damaged', message: 'The image is damaged or incomplete.' };
  if (
    size.width > IMAGE_MAX_SIDE ||
    size.height > IMAGE_MAX_SIDE ||
    size.width * size.height > IMAGE_MAX_PIXELS
  ) {
    return {
      ok: false,
      reason: 'dimensions',
      message:
        `The image is ${size.width} × ${size.height} pixels; at most ` +
        `${IMAGE_MAX_SIDE} pixels a side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels are accepted.`,
    };
  }
  return { ok: true, type, size };
}
