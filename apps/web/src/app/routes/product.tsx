import { useParams } from 'react-router';
import { Container } from '../../components/layouts/container';
import { HydrateLater } from '../../components/ui/hydrate-later';
import { PincodeCheck } from '../../features/delivery/components/pincode-check';
import { ProductDetail } from '../../features/catalog/components/product-detail';
import { ProductCartAction, ProductPageCartAction } from '../components/product-cart-action';

/** Spec §2 /product/{id}: the product, its cart controls and its substitutes. */
export function ProductRoute() {
  const { id = '' } = useParams();
  const productId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  return (
    // Hydrated in a task of its own after the header (issue 30, TBT).
    <HydrateLater id="product-page">
      <Container className="py-6 sm:py-8">
        <ProductDetail
          key={id}
          productId={productId}
          renderCartAction={(product) => <ProductPageCartAction product={product} />}
          renderAction={(product) => <ProductCartAction product={product} />}
          renderDelivery={(product) => <PincodeCheck productId={product.id} />}
        />
      </Container>
    </HydrateLater>
  );
}
