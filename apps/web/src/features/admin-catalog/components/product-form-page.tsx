import { PackageSearch } from 'lucide-react';
import { useParams } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormSkeleton } from '../../../components/ui/form-skeleton';
import { PageHeader } from '../../../components/ui/page-header';
import { useAdminProduct } from '../api/get-admin-product';
import { ProductForm } from './product-form';

/** /dashboard/product/add and /dashboard/product/edit/{id} (spec §2, admin only). */
export function ProductFormPage({ mode }: { mode: 'add' | 'edit' }) {
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
          <ProductForm key={product.data.id} mode="edit" product={product.data} />
        ) : (
          <EmptyState
            icon={<PackageSearch className="size-8" />}
            title="No product found."
            className="border-0"
          />
        )}
      </Card>
    </>
  );
}
