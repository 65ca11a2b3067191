import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteCatalogEntry } from '../api/delete-catalog-entry';
import { useCatalogEntries } from '../api/get-catalog-entries';
import { catalogKinds, type AdminCatalogKind, type CatalogEntry } from '../types';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * Spec §2 dashboard catalogue lists: admins add, edit and delete (with confirmation; the server
 * refuses an entry that products still use, and that reason is shown). Others only read.
 */
export function AdminCatalogList({
  kind,
  canManage,
}: {
  kind: AdminCatalogKind;
  canManage: boolean;
}) {
  const { title, singular, emptyText, addHref, editHref, hasImage } = catalogKinds[kind];
  const { data, isPending, error } = useCatalogEntries(kind);
  const remove = useDeleteCatalogEntry(kind);
  const [deleting, setDeleting] = useState<CatalogEntry | null>(null);

  const close = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <>
      <PageHeader
        title={title}
        description={data ? `${data.length} ${data.length === 1 ? 'entry' : 'entries'}` : undefined}
        actions={
          canManage ? (
            <ButtonLink to={addHref} icon={<Plus aria-hidden="true" className="size-4" />}>
              Add {singular}
            </ButtonLink>
          ) : null
        }
      />
      {isPending ? (
        <LoadingRegion label={`Loading ${title.toLowerCase()}`} className="flex flex-col gap-2">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-11 w-full" />
          ))}
        </LoadingRegion>
      ) : error ? (
        <EmptyState title={emptyText}>
          <span role="alert">{getErrorMessage(error)}</span>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState
          title={emptyText}
          action={
            canManage ? (
              <ButtonLink
                to={addHref}
                variant="secondary"
                icon={<Plus aria-hidden="true" className="size-4" />}
              >
                Add {singular}
              </ButtonLink>
            ) : null
          }
        />
      ) : (
        <div
          className="max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white"
          role="region"
          aria-label={`${title} table`}
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 z-10 bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
              <tr>
                {hasImage ? (
                  <th scope="col" className="w-16 px-3 py-2">
                    Image
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                {canManage ? (
                  <th scope="col" className="px-3 py-2 text-right">
                    Actions
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.map((entry) => (
                <tr
                  key={entry.id}
                  className="border-t border-slate-100 even:bg-slate-50/60 hover:bg-brand-50/50"
                >
                  {hasImage ? (
                    <td className="px-3 py-2">
                      {entry.images?.url ? (
                        <img
                          src={entry.images.url}
                          alt=""
                          width={40}
                          height={40}
                          loading="lazy"
                          className="size-10 rounded object-contain"
                        />
                      ) : null}
                    </td>
                  ) : null}
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {entry.name}
                  </th>
                  {canManage ? (
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-1">
                        <Link
                          to={editHref(entry.id)}
                          aria-label={`Edit ${entry.name}`}
                          title="Edit"
                          className="inline-flex size-9 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50"
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                        </Link>
                        <button
                          type="button"
                          onClick={() => setDeleting(entry)}
                          aria-label={`Delete ${entry.name}`}
                          title="Delete"
                          className="inline-flex size-9 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${singular.toLowerCase()}?`}
        message={
          <>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone.
          </>
        }
        error={remove.isError ? getErrorMessage(remove.error) : null}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => {
              notify.success(message);
              close();
            },
          });
        }}
        onClose={close}
      />
    </>
  );
}
