import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Container } from '../../components/layouts/container';
import { Button } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/document-title';
import { PageHeader } from '../../components/ui/page-header';
import { CatalogList } from '../../features/catalog/components/catalog-list';
import type { CatalogEntry } from '../../features/catalog/types';
import { AboutContent } from '../../features/site/components/about-content';
import { FaqList, SupportContactCard } from '../../features/site/components/faq-list';
import { useAuth } from '../../lib/auth';

/** The static pages of spec §2 and the three catalogue list pages. */
export function AboutRoute() {
  return (
    <Container className="py-10">
      <DocumentTitle title="About us" />
      <PageHeader title="About us" />
      <AboutContent />
    </Container>
  );
}

export function FaqRoute() {
  return (
    <Container className="py-10">
      <DocumentTitle title="Frequently asked questions" />
      <PageHeader
        title="Frequently Asked Questions"
        description="Answers about orders, delivery, payment and your account."
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <FaqList />
        <div className="lg:sticky lg:top-32 lg:self-start">
          <SupportContactCard />
        </div>
      </div>
    </Container>
  );
}

// Admin editing loads only for admins, in its own chunk (shoppers never download it).
const CatalogEntryDialog = lazy(() =>
  import('../../features/admin-catalog/components/catalog-entry-dialog').then((m) => ({
    default: m.CatalogEntryDialog,
  })),
);

type ListKind = 'divisions' | 'manufacturers' | 'saltCompositions';
type EditState = { entry: CatalogEntry | null } | null;

const listTitles: Record<ListKind, string> = {
  divisions: 'Divisions',
  manufacturers: 'Manufacturers',
  saltCompositions: 'Salt Compositions',
};
const singularTitles: Record<ListKind, string> = {
  divisions: 'Division',
  manufacturers: 'Manufacturer',
  saltCompositions: 'Salt Composition',
};

/**
 * Spec §2 list pages: shoppers pick an entry to filter the shop; staff with catalog.manage see the plain title, a
 * click opens the edit dialog and 'Add' the empty one (with delete inside, spec §2 / §6).
 */
function CatalogListRoute({ kind }: { kind: ListKind }) {
  const { can } = useAuth();
  const canManage = can('catalog.manage');
  const [editing, setEditing] = useState<EditState>(null);
  return (
    <Container className="py-10">
      <DocumentTitle title={canManage ? listTitles[kind] : `Shop by ${listTitles[kind]}`} />
      <CatalogList
        kind={kind}
        canManage={canManage}
        onEdit={canManage ? (entry) => setEditing({ entry }) : undefined}
        actions={
          <Button
            onClick={() => setEditing({ entry: null })}
            aria-haspopup="dialog"
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add {singularTitles[kind]}
          </Button>
        }
      />
      {canManage && editing ? (
        <Suspense fallback={null}>
          <CatalogEntryDialog
            kind={kind}
            entry={editing.entry}
            open
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}

export function DivisionsRoute() {
  return <CatalogListRoute kind="divisions" />;
}

export function ManufacturersRoute() {
  return <CatalogListRoute kind="manufacturers" />;
}

export function SaltCompositionsRoute() {
  return <CatalogListRoute kind="saltCompositions" />;
}
