import type { CatalogImage } from '@pharmacy/shared';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS, type ImageSize } from './file-type';

/**
 * Widths of the WebP copies made of every catalogue upload: a card in the grid is at most about
 * 240 CSS px wide, the product page gallery about 480, and 960 covers both on a 2× screen.
 */
export const VARIANT_WIDTHS = [240, 480, 960] as const;
const WEBP_QUALITY = 80;

// libvips spreads one resize over every core by default; on a 2-core machine an upload would take
// both from the API, so one thread per operation keeps requests answered while an admin uploads.
sharp.concurrency(1);
// Uploads are rare and never repeat: caching decoded operations would only hold memory.
sharp.cache(false);

/** The stored image and what is known of it, as the product_images / divisions rows keep it. */
export interface StoredImage {
  url: string;
  width: number | null;
  height: number | null;
  variantWidths: number[] | null;
}

/** Variants sit beside their original: /uploads/products/abc.png → /uploads/products/abc-480w.webp. */
export function variantUrl(url: string, width: number): string {
  return `${url.replace(/\.[a-z0-9]+$/i, '')}-${width}w.webp`;
}

/** Every file an image occupies in storage: the original and its variants. */
export function imageFiles(image: Pick<StoredImage, 'url' | 'variantWidths'>): string[] {
  return [image.url, ...(image.variantWidths ?? []).map((width) => variantUrl(image.url, width))];
}

/** The API's image object; rows from before resizing (and SVGs) answer only their URL. */
export function toCatalogImage(image: StoredImage): CatalogImage {
  return {
    url: image.url,
    ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
    ...(image.variantWidths?.length
      ? {
          variants: [...image.variantWidths]
            .sort((a, b) => a - b)
            .map((width) => ({ url: variantUrl(image.url, width), width })),
        }
      : {}),
  };
}

/** Standard widths narrower than the image, plus the image's own width when it is narrower than the widest: never upscaled. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate < width);
  if (width <= Math.max(...VARIANT_WIDTHS)) widths.push(width);
  return widths;
}

export interface ResizedImage {
  /** Displayed size: after the EXIF orientation, as browsers show the original. */
  width: number;
  height: number;
  variants: Array<{ width: number; content: Buffer }>;
}

/**
 * Decodes a raster upload that has already passed checkFileContent (magic bytes, header, pixel
 * limit) and answers WebP copies at variantWidthsFor(width). `rotate()` applies the EXIF
 * orientation, and sharp writes no metadata unless asked, so camera EXIF (GPS included) is gone.
 * limitInputPixels repeats the pixel limit in the decoder itself in case a header lied.
 */
export async function resizeImage(content: Buffer, declared: ImageSize): Promise<ResizedImage> {
  const input = () => sharp(content, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
  const metadata = await input().metadata();
  const width = metadata.autoOrient.width || declared.width;
  const height = metadata.autoOrient.height || declared.height;
  const variants: ResizedImage['variants'] = [];
  // One at a time: each resize holds a decoded image, and three at once would triple the memory.
  for (const target of variantWidthsFor(width)) {
    const { data, info } = await input()
      .rotate()
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, content: data });
  }
  return { width, height, variants };
}
