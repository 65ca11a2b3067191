import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteCatalogEntry } from '../api/delete-catalog-entry';
import { catalogKinds, type AdminCatalogKind, type CatalogEntry } from '../types';
import { CatalogEntryForm } from './catalog-entry-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';

/**
 * Spec §2 list pages for admins: a click on an entry opens this dialog to rename it (and, for a
 * division, change its image) or delete it; 'Add' opens it empty. A delete asks first and shows
 * the server's refusal (409 when products still use the entry).
 */
export function CatalogEntryDialog({
  kind,
  entry,
  open,
  onClose,
}: {
  kind: AdminCatalogKind;
  /** The entry to edit; none to add one. */
  entry: CatalogEntry | null;
  open: boolean;
  onClose: () => void;
}) {
  const { singular } = catalogKinds[kind];
  const remove = useDeleteCatalogEntry(kind);
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    setConfirming(false);
    remove.reset();
    onClose();
  };

  if (confirming && entry) {
    return (
      <ConfirmDialog
        open={open}
        title={`Delete ${singular.toLowerCase()}?`}
        message={
          <>
            Delete <strong>{entry.name}</strong>? This cannot be undone.
          </>
        }
        error={remove.isError ? getErrorMessage(remove.error) : null}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(entry.id, {
            onSuccess: ({ message }) => {
              notify.success(message);
              close();
            },
          })
        }
        onClose={close}
      />
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={entry ? `Edit ${singular}` : `Add ${singular}`}
      description={entry ? entry.name : undefined}
    >
      <CatalogEntryForm
        key={entry?.id ?? 'new'}
        kind={kind}
        entry={entry ?? undefined}
        onDone={close}
        secondaryAction={
          entry ? (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="inline-flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-red-700"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </button>
          ) : null
        }
      />
    </Dialog>
  );
}
