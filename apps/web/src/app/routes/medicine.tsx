import { useParams } from 'react-router';
import { ProductCard } from '../../features/catalog/components/product-card';
import { MedicineInformationPage } from '../../features/medicines/components/medicine-page';
import { useShopSettings } from '../../lib/shop-settings';
import { ProductCartAction } from '../components/product-cart-action';

/**
 * Issue 30, /medicine/{slug}: a salt composition's medicine information, its products drawn with
 * the catalogue's card and the cart's button (composed here: features do not import each other).
 */
export function MedicineRoute() {
  const { slug = '' } = useParams();
  const { currencySymbol } = useShopSettings();
  return (
    <MedicineInformationPage
      key={slug}
      slug={slug}
      renderProduct={(product, note) => (
        <ProductCard
          product={product}
          currencySymbol={currencySymbol}
          action={<ProductCartAction product={product} />}
          note={note}
        />
      )}
    />
  );
}
