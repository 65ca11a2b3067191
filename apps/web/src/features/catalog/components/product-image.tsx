import { placeholderImageIndex } from '@pharmacy/shared';
import { cn } from '../../../lib/cn';

/** Spec §9: with no image, one of 5 placeholders is chosen by the name's length. */
export function productImageUrl(name: string, url: string | null | undefined): string {
  return url || `/placeholders/product-${placeholderImageIndex(name)}.svg`;
}

/** A square product image with its size set, so the grid never jumps while images load. */
export function ProductImage({
  name,
  url,
  placeholderName = name,
  size = 400,
  className,
  eager = false,
}: {
  /** The alt text; the product's name. */
  name: string;
  url: string | null | undefined;
  /** The name the placeholder is chosen by, when it differs from the alt text. */
  placeholderName?: string;
  size?: number;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={productImageUrl(placeholderName, url)}
      alt={name}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      // An eager image is the page's largest paint (the product page, the first cards of a list).
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={cn('aspect-square w-full object-contain', className)}
    />
  );
}
