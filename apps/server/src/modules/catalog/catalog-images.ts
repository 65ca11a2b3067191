import { CATALOG_IMAGE_TYPES } from '@pharmacy/shared';
import { BadRequestError } from '../../lib/errors';
import { checkFileContent } from '../../lib/file-type';
import {
  imageFiles,
  resizeImage,
  type ResizedImage,
  type StoredImage,
} from '../../lib/image-variants';
import { cleanUploadName, type UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage/index';

/**
 * Checks every upload by its bytes and its header; only raster images of a sane size are
 * accepted for the catalogue (OWASP ASVS 5.2). The name is only checked: storage names its files.
 */
function validateImages(files: UploadedFile[]) {
  return files.map((file) => {
    const label = file.filename || 'The file';
    if (file.filename && !cleanUploadName(file.filename))
      throw new BadRequestError(
        `image: The file name “${file.filename.slice(0, 60)}” is not valid.`,
      );
    const checked = checkFileContent(file.content);
    const type = checked.ok ? checked.type : undefined;
    if (
      (!checked.ok && checked.reason === 'unknown') ||
      (type && !(CATALOG_IMAGE_TYPES as readonly string[]).includes(type.mime))
    ) {
      throw new BadRequestError(`image: ${label} is not a JPEG, PNG, GIF or WebP image.`);
    }
    if (!checked.ok) throw new BadRequestError(`image: ${checked.message} (${label})`);
    return { file, ext: checked.type.ext, size: checked.size };
  });
}

/** The catalogue's image files (products and divisions) in the shop's file storage. */
export function createCatalogImages(storage: FileStorage) {
  async function discard(images: Array<Pick<StoredImage, 'url' | 'variantWidths'>>) {
    await Promise.all(images.flatMap(imageFiles).map((url) => storage.removePublic(url)));
  }

  /**
   * Checks every file first (magic bytes, header, pixel limit: nothing is decoded before that),
   * then stores each original with its WebP variants. An image sharp cannot decode (BMP, which the
   * bundled libvips does not read, or pixel data damaged behind a sound header) is kept as
   * uploaded with its header's size, as every image was before variants existed.
   */
  async function store(folder: string, files: UploadedFile[]): Promise<StoredImage[]> {
    const checked = validateImages(files);
    const stored: StoredImage[] = [];
    try {
      for (const { file, ext, size } of checked) {
        let resized: ResizedImage | undefined;
        if (size) resized = await resizeImage(file.content, size).catch(() => undefined);
        const url = await storage.savePublic(folder, ext, file.content);
        const image: StoredImage = {
          url,
          width: resized?.width ?? size?.width ?? null,
          height: resized?.height ?? size?.height ?? null,
          variantWidths: null,
        };
        stored.push(image);
        if (resized?.variants.length) {
          for (const variant of resized.variants) {
            const variantWidths = [...(image.variantWidths ?? []), variant.width];
            await storage.savePublicAt(
              imageFiles({ url, variantWidths }).at(-1) as string,
              variant.content,
            );
            // Recorded as each is written, so a failure part-way removes exactly what exists.
            image.variantWidths = variantWidths;
          }
        }
      }
    } catch (error) {
      await discard(stored);
      throw error;
    }
    return stored;
  }

  return { store, discard };
}

export type CatalogImages = ReturnType<typeof createCatalogImages>;
