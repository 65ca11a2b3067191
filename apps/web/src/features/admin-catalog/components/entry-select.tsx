import { Plus } from 'lucide-react';
import { useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { MESSAGES } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Select } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateCatalogEntry } from '../api/create-catalog-entry';
import { useCatalogEntries } from '../api/get-catalog-entries';
import { catalogKinds, type AdminCatalogKind } from '../types';

const NEW_OPTION = '__new__';

/**
 * A division, manufacturer or salt composition dropdown of the product form whose last option
 * creates a new entry inline: the entry is created first (POST) and its returned id chosen
 * (spec §7). A new division needs its image as well.
 */
export function EntrySelect({
  kind,
  value,
  onChange,
  onBlur,
  name,
  error,
  selectRef,
}: {
  kind: AdminCatalogKind;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
  selectRef?: ComponentProps<'select'>['ref'];
}) {
  const { singular, hasImage } = catalogKinds[kind];
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const nameId = useId();
  const imageId = useId();
  const entries = useCatalogEntries(kind);
  const create = useCreateCatalogEntry(kind, { suppressErrorToast: true });
  const [creating, setCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const [newImage, setNewImage] = useState<File | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);

  // An entry created here stays selectable even if a list fetched meanwhile does not hold it yet.
  const [created, setCreated] = useState<Array<{ id: number; name: string }>>([]);
  const loaded = entries.data ?? [];
  const list = [...loaded, ...created.filter((entry) => !loaded.some((e) => e.id === entry.id))];

  const submitNew = async () => {
    const trimmed = newName.trim();
    if (!trimmed) {
      setCreateError(MESSAGES.nameRequired);
      return;
    }
    if (hasImage && !newImage) {
      setCreateError(MESSAGES.uploadImageRequired);
      return;
    }
    setCreateError(null);
    try {
      const result = await create.mutateAsync({ name: trimmed, image: newImage });
      setCreated((entries) => [...entries, { id: result.id, name: result.name }]);
      onChange(String(result.id));
      notify.success(result.message);
      setCreating(false);
      setNewName('');
      setNewImage(null);
    } catch (reason) {
      setCreateError(getErrorMessage(reason));
    }
  };

  const onNameKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter creates the entry instead of submitting the product form around it.
    if (event.key === 'Enter') {
      event.preventDefault();
      void submitNew();
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {singular}
      </label>
      <Select
        id={selectId}
        ref={selectRef}
        name={name}
        value={value}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={entries.isPending || undefined}
        onChange={(event) => {
          if (event.target.value === NEW_OPTION) {
            setCreating(true);
            return;
          }
          onChange(event.target.value);
        }}
      >
        <option value="">
          {entries.isPending ? 'Loading…' : `Select ${singular.toLowerCase()}`}
        </option>
        {list.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
        <option value={NEW_OPTION}>+ Add new {singular.toLowerCase()}…</option>
      </Select>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {creating ? (
        <div
          role="group"
          aria-label={`New ${singular.toLowerCase()}`}
          className="mt-2 flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={nameId} className="text-sm font-medium text-slate-800">
              New {singular.toLowerCase()} name
            </label>
            <Input
              id={nameId}
              value={newName}
              autoFocus
              onChange={(event) => setNewName(event.target.value)}
              onKeyDown={onNameKeyDown}
            />
          </div>
          {hasImage ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={imageId} className="text-sm font-medium text-slate-800">
                {singular} image
              </label>
              <input
                id={imageId}
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                onChange={(event) => setNewImage(event.target.files?.[0] ?? null)}
                className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700"
              />
            </div>
          ) : null}
          {createError ? <FieldError>{createError}</FieldError> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => void submitNew()}
              isPending={create.isPending}
              pendingText="Creating..."
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              Create {singular.toLowerCase()}
            </Button>
            <Button
              size="sm"
              variant="quiet"
              onClick={() => {
                setCreating(false);
                setCreateError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
