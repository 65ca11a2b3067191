import { matchPath, useLocation } from 'react-router';
import { Container } from '../../components/layouts/container';
import { HydrateLater } from '../../components/ui/hydrate-later';
import { DocumentTitle } from '../../components/ui/document-title';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { useManufacturers } from '../../features/catalog/api/get-manufacturers';
import { ShopListing } from '../../features/catalog/components/shop-listing';
import { useProductFilter } from '../../features/catalog/hooks/use-product-filter';
import { ProductCartAction } from '../components/product-cart-action';

/** Spec §2 /shop and the DECISIONS alias /shop/brand/{id} (the shop of one manufacturer). */
export function ShopRoute() {
  const { search, manufacturerId } = useProductFilter();
  const { pathname } = useLocation();
  const isBrand = matchPath(paths.shopBrand.path, pathname) !== null;
  const manufacturers = useManufacturers({ enabled: isBrand });
  const brand = isBrand
    ? manufacturers.data?.find((manufacturer) => manufacturer.id === manufacturerId)
    : undefined;
  const title = search ? `Results for “${search}”` : brand ? brand.name : 'All Products';
  return (
    // Hydrated in a task of its own after the header; its cards each get one after it (TBT).
    <HydrateLater id="shop-page">
      <Container className="py-6 sm:py-8">
        <DocumentTitle title={search ? `Search: ${search}` : brand ? brand.name : 'Shop'} />
        <PageHeader title={title} />
        <ShopListing renderAction={(product) => <ProductCartAction product={product} />} />
      </Container>
    </HydrateLater>
  );
}
