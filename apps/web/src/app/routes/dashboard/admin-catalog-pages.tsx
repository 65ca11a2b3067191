import { Navigate, useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { paths } from '../../../config/paths';
import { AdminCatalogList } from '../../../features/admin-catalog/components/admin-catalog-list';
import { AdminProductList } from '../../../features/admin-catalog/components/admin-product-list';
import { CatalogEntryPage } from '../../../features/admin-catalog/components/catalog-entry-page';
import { ProductFormPage } from '../../../features/admin-catalog/components/product-form-page';
import type { AdminCatalogKind } from '../../../features/admin-catalog/types';
import { CatalogueCsvActions } from '../../../features/admin-catalog-csv/components/catalogue-csv-actions';
import { CatalogueImport } from '../../../features/admin-catalog-csv/components/catalogue-import';
import { StockSection } from '../../../features/admin-inventory/components/stock-section';
import { useAuth } from '../../../lib/auth';
import { RequirePermission } from '../../components/require-permission';

/** Catalogue administration pages (spec §2 / §6). */
const catalogTitles: Record<AdminCatalogKind, string> = {
  manufacturers: 'Manufacturers',
  divisions: 'Divisions',
  saltCompositions: 'Salt Compositions',
};

/** Spec §2: the index lists are reachable from the menu; add and edit exist only for catalog.manage. */
function CatalogListPage({ kind }: { kind: AdminCatalogKind }) {
  const { can } = useAuth();
  return (
    <>
      <DocumentTitle title={catalogTitles[kind]} />
      <AdminCatalogList kind={kind} canManage={can('catalog.manage')} />
    </>
  );
}

function CatalogFormPage({ kind, mode }: { kind: AdminCatalogKind; mode: 'add' | 'edit' }) {
  return (
    <RequirePermission permission="catalog.manage">
      <DocumentTitle title={`${mode === 'add' ? 'Add' : 'Edit'} ${catalogTitles[kind]}`} />
      <CatalogEntryPage kind={kind} mode={mode} />
    </RequirePermission>
  );
}

export const ManufacturersAdminRoute = () => <CatalogListPage kind="manufacturers" />;
export const ManufacturerAddRoute = () => <CatalogFormPage kind="manufacturers" mode="add" />;
export const ManufacturerEditRoute = () => <CatalogFormPage kind="manufacturers" mode="edit" />;
export const DivisionsAdminRoute = () => <CatalogListPage kind="divisions" />;
export const DivisionAddRoute = () => <CatalogFormPage kind="divisions" mode="add" />;
export const DivisionEditRoute = () => <CatalogFormPage kind="divisions" mode="edit" />;
export const SaltCompositionsAdminRoute = () => <CatalogListPage kind="saltCompositions" />;
export const SaltCompositionAddRoute = () => <CatalogFormPage kind="saltCompositions" mode="add" />;
export const SaltCompositionEditRoute = () => (
  <CatalogFormPage kind="saltCompositions" mode="edit" />
);

/** DECISIONS: /dashboard/salt-composision (the seed spelling) leads to the canonical route. */
export function SaltCompositionAliasRoute() {
  const { pathname, search } = useLocation();
  const rest = pathname.slice(paths.dashboard.saltCompositionsAlias.path.length);
  return <Navigate to={`${paths.dashboard.saltCompositions.path}${rest}${search}`} replace />;
}

export function ProductsAdminRoute() {
  return (
    <RequirePermission permission="catalog.manage">
      <DocumentTitle title="Products" />
      <AdminProductList actions={<CatalogueCsvActions />} />
    </RequirePermission>
  );
}

/** Issue 18 point 4: a catalogue CSV, previewed, then imported all or nothing. */
export const ProductImportRoute = () => (
  <RequirePermission permission="catalog.manage">
    <DocumentTitle title="Import products" />
    <CatalogueImport />
  </RequirePermission>
);

export const ProductAddRoute = () => (
  <RequirePermission permission="catalog.manage">
    <DocumentTitle title="Add Product" />
    <ProductFormPage mode="add" />
  </RequirePermission>
);

const stockSectionId = paths.dashboard.productEdit.stockSectionId;

/** The product's edit form, and below it its Stock section (issue 15) for whoever keeps stock. */
export function ProductEditRoute() {
  const { can } = useAuth();
  const stock = can('inventory.manage');
  return (
    <RequirePermission permission="catalog.manage">
      <DocumentTitle title="Edit Product" />
      <ProductFormPage
        mode="edit"
        stockSectionId={stock ? stockSectionId : undefined}
        renderBelow={
          stock
            ? (product) => <StockSection id={stockSectionId} productId={product.id} />
            : undefined
        }
      />
    </RequirePermission>
  );
}
