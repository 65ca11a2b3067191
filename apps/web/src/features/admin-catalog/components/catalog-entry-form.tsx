import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_TYPES,
  catalogNameSchema,
  MESSAGES,
  type CatalogNameInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useCreateCatalogEntry, type EntryWriteResult } from '../api/create-catalog-entry';
import { useUpdateCatalogEntry } from '../api/update-catalog-entry';
import { catalogKinds, type AdminCatalogKind, type CatalogEntry } from '../types';

const IMAGE_TYPES: readonly string[] = CATALOG_IMAGE_TYPES;

function ImagePreview({ file, fallbackUrl }: { file: File | null; fallbackUrl: string | null }) {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setObjectUrl(null);
    };
  }, [file]);
  const src = file ? objectUrl : fallbackUrl;
  if (!src) return null;
  return (
    <img
      src={src}
      alt={file ? `New image ${file.name}` : 'Current image'}
      width={96}
      height={96}
      className="size-24 rounded-lg border border-slate-200 bg-white object-contain p-1"
    />
  );
}

/**
 * Add or edit a division, manufacturer or salt composition: the name (shared rule), and for a
 * division its image, which a new division must have (spec §5 'Please upload an image').
 */
export function CatalogEntryForm({
  kind,
  entry,
  onDone,
  secondaryAction,
}: {
  kind: AdminCatalogKind;
  entry?: CatalogEntry;
  onDone: (result: EntryWriteResult) => void;
  secondaryAction?: ReactNode;
}) {
  const { singular, hasImage } = catalogKinds[kind];
  const imageId = useId();
  const imageErrorId = useId();
  const create = useCreateCatalogEntry(kind);
  const update = useUpdateCatalogEntry(kind);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CatalogNameInput>({
    resolver: zodResolver(catalogNameSchema),
    defaultValues: { name: entry?.name ?? '' },
  });
  const needsImage = hasImage && !entry;

  const onValid = async ({ name }: CatalogNameInput) => {
    if (needsImage && !image) {
      setImageError(MESSAGES.uploadImageRequired);
      notify.error(MESSAGES.uploadImageRequired);
      return;
    }
    try {
      const result = entry
        ? await update.mutateAsync({ id: entry.id, input: { name, image } })
        : await create.mutateAsync({ name, image });
      notify.success(result.message);
      onDone(result);
    } catch {
      // the error toast carries the server's message (lib/query-client)
    }
  };

  const onInvalid = () => {
    if (needsImage && !image) setImageError(MESSAGES.uploadImageRequired);
    notify.error(MESSAGES.formValidationFailed);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      className="flex flex-col gap-5"
      aria-label={`${entry ? 'Edit' : 'Add'} ${singular.toLowerCase()}`}
    >
      <FormField label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register('name')} autoComplete="off" />}
      </FormField>
      {hasImage ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={imageId} className="text-sm font-medium text-slate-800">
            Image{entry ? <span className="font-normal text-slate-600"> (optional)</span> : null}
          </label>
          <div className="flex flex-wrap items-center gap-4">
            <ImagePreview file={image} fallbackUrl={entry?.images?.url ?? null} />
            <input
              id={imageId}
              type="file"
              accept={CATALOG_IMAGE_TYPES.join(',')}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={imageError ? imageErrorId : undefined}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                if (file && !IMAGE_TYPES.includes(file.type)) {
                  setImageError(`${file.name} is not a JPEG, PNG, GIF or WebP image.`);
                  event.target.value = '';
                  setImage(null);
                  return;
                }
                if (file && file.size > CATALOG_IMAGE_MAX_BYTES) {
                  setImageError(`${file.name} is larger than 5 MB.`);
                  event.target.value = '';
                  setImage(null);
                  return;
                }
                setImageError(null);
                setImage(file);
              }}
              className="min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-50"
            />
          </div>
          {imageError ? <FieldError id={imageErrorId}>{imageError}</FieldError> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          type="submit"
          isPending={isSubmitting || create.isPending || update.isPending}
          pendingText="Saving..."
          icon={<Save aria-hidden="true" className="size-4" />}
        >
          {entry ? 'Save Changes' : `Add ${singular}`}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
