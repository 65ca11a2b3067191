import { placeholderImageIndex, type CatalogImage } from '@pharmacy/shared';
import { cn } from '../../../lib/cn';

/** Spec §9: with no image, one of 5 placeholders is chosen by the name's length. */
export function productImageUrl(name: string, url: string | null | undefined): string {
  return url || `/placeholders/product-${placeholderImageIndex(name)}.svg`;
}

/**
 * The `srcSet`, `sizes` and width/height attributes of a catalogue image shown in a square box of
 * `box` CSS px. With the server's resized WebP variants the browser picks the narrowest that
 * fills the slot at the screen's density; the width/height keep the image's real ratio inside
 * the box when it is known (the square box itself is kept by CSS, so nothing jumps), and the box
 * when it is not (images stored before variants existed, vector images, placeholders).
 */
export function responsiveImageProps(
  image: CatalogImage | null | undefined,
  box: number,
  sizes = `${box}px`,
): { srcSet?: string; sizes?: string; width: number; height: number } {
  const size =
    image?.width && image.height
      ? image.width >= image.height
        ? { width: box, height: Math.max(1, Math.round((box * image.height) / image.width)) }
        : { width: Math.max(1, Math.round((box * image.width) / image.height)), height: box }
      : { width: box, height: box };
  if (!image?.variants?.length) return size;
  return {
    srcSet: image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
    sizes,
    ...size,
  };
}

/** A square product image with its size set, so the grid never jumps while images load. */
export function ProductImage({
  name,
  image,
  placeholderName = name,
  size = 400,
  sizes,
  className,
  eager = false,
}: {
  /** The alt text; the product's name. */
  name: string;
  image: CatalogImage | null | undefined;
  /** The name the placeholder is chosen by, when it differs from the alt text. */
  placeholderName?: string;
  size?: number;
  /** How wide the image is shown, for the browser's choice among the variants; `size` px when unset. */
  sizes?: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={productImageUrl(placeholderName, image?.url)}
      {...responsiveImageProps(image, size, sizes)}
      alt={name}
      loading={eager ? 'eager' : 'lazy'}
      // An eager image is the page's largest paint (the product page, the first cards of a list).
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={cn('aspect-square w-full object-contain', className)}
    />
  );
}
