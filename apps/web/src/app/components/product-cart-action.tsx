import {
  ProductCardCartControls,
  ProductPageCartControls,
} from '../../features/cart/components/product-cart-controls';
import type { CartProduct } from '../../features/cart/types';

/**
 * What the cart needs of a catalogue product. Structural, so any of the catalogue's product shapes
 * (list summary or full detail) can be passed as it is.
 */
export interface CartActionProduct {
  id: number;
  name: string;
  offerPrice: number;
  maximumRetailPrice: number;
  /** Available stock. */
  quantity: number;
  prescription: boolean;
  maxUnitsPerOrder: number | null;
  schedule: { onlineSale: boolean };
  saltComposition: { id: number; name: string } | null;
  images?: readonly { url: string }[] | null;
}

/** The catalogue's product as the cart keeps it (features do not import each other; app/ maps). */
function toCartProduct(product: CartActionProduct): CartProduct {
  return {
    id: product.id,
    name: product.name,
    offerPrice: product.offerPrice,
    maximumRetailPrice: product.maximumRetailPrice,
    quantity: product.quantity,
    prescription: product.prescription,
    maxUnitsPerOrder: product.maxUnitsPerOrder,
    onlineSale: product.schedule.onlineSale,
    saltComposition: product.saltComposition
      ? { id: product.saltComposition.id, name: product.saltComposition.name }
      : null,
    images: (product.images ?? []).slice(0, 1).map((image) => ({ url: image.url })),
  };
}

/**
 * The cart controls shown on product cards (spec §2: Add, or Remove / minus / count / plus). The
 * catalogue pages render these; the cart feature implements them.
 */
export function ProductCartAction({ product }: { product: CartActionProduct }) {
  return <ProductCardCartControls product={toCartProduct(product)} />;
}

/** Product page: quantity input and 'Add To Cart' / 'Remove From Cart' (spec §2). */
export function ProductPageCartAction({ product }: { product: CartActionProduct }) {
  return <ProductPageCartControls key={product.id} product={toCartProduct(product)} />;
}
