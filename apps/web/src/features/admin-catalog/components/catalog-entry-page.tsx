import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormSkeleton } from '../../../components/ui/form-skeleton';
import { PageHeader } from '../../../components/ui/page-header';
import { useCatalogEntries } from '../api/get-catalog-entries';
import { catalogKinds, type AdminCatalogKind } from '../types';
import { CatalogEntryForm } from './catalog-entry-form';

/** /dashboard/{list}/add and /dashboard/{list}/edit/{id}: the entry form on its own page. */
export function CatalogEntryPage({ kind, mode }: { kind: AdminCatalogKind; mode: 'add' | 'edit' }) {
  const { singular, listHref, emptyText } = catalogKinds[kind];
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const entries = useCatalogEntries(kind);
  const entry = mode === 'edit' ? entries.data?.find((item) => String(item.id) === id) : undefined;

  return (
    <>
      <PageHeader
        title={`${mode === 'add' ? 'Add' : 'Edit'} ${singular}`}
        actions={<BackButton />}
      />
      <Card className="max-w-xl p-6">
        {mode === 'add' ? (
          <CatalogEntryForm kind={kind} onDone={() => navigate(listHref)} />
        ) : entries.isPending ? (
          <FormSkeleton
            label={`Loading ${singular.toLowerCase()}`}
            fields={catalogKinds[kind].hasImage ? 2 : 1}
          />
        ) : entry ? (
          <CatalogEntryForm kind={kind} entry={entry} onDone={() => navigate(listHref)} />
        ) : (
          <EmptyState title={emptyText} className="border-0" />
        )}
      </Card>
    </>
  );
}
