import { PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Product } from '@pharmacy/shared';
import { BackButton } from '../../../components/ui/back-button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormSkeleton } from '../../../components/ui/form-skeleton';
import { PageHeader } from '../../../components/ui/page-header';
import { useAdminProduct } from '../api/get-admin-product';
import { ProductForm } from './product-form';

/**
 * /dashboard/product/add and /dashboard/product/edit/{id} (spec §2, admin only). On edit the page
 * composes more below the form once the product is known (the route adds its Stock section;
 * features do not import each other), and the form links to it by `stockSectionId`.
 */
export function ProductFormPage({
  mode,
  stockSectionId,
  renderBelow,
}: {
  mode: 'add' | 'edit';
  stockSectionId?: string;
  renderBelow?: (product: Product) => ReactNode;
}) {
  const { id = '' } = useParams();
  const productId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  const product = useAdminProduct(mode === 'edit' ? productId : Number.NaN);

  return (
    <>
      <PageHeader
        title={mode === 'add' ? 'Add Product' : 'Edit Product'}
        description={mode === 'edit' ? product.data?.name : undefined}
        actions={<BackButton />}
      />
      <Card className="max-w-4xl p-4 sm:p-6">
        {mode === 'add' ? (
          <ProductForm mode="add" />
        ) : product.isPending && Number.isInteger(productId) ? (
          <FormSkeleton label="Loading product form" fields={8} />
        ) : product.data ? (
          <ProductForm
            key={product.data.id}
            mode="edit"
            product={product.data}
            stockSectionId={renderBelow ? stockSectionId : undefined}
          />
        ) : (
          <EmptyState
            icon={<PackageSearch className="size-8" />}
            title="No product found."
            className="border-0"
          />
        )}
      </Card>
      {mode === 'edit' && product.data && renderBelow ? renderBelow(product.data) : null}
    </>
  );
}
