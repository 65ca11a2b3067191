import { ImagePlus, Undo2, X } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { CATALOG_IMAGE_MAX_FILES, CATALOG_IMAGE_TYPES } from '@pharmacy/shared';
import { FieldError } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { checkImageFiles } from '../utils/product-form';

export interface ImageSelection {
  /** Stored images (edit) with whether they stay. */
  existing: Array<{ url: string; keep: boolean }>;
  /** New files, shown as previews and sent under `image`. */
  files: File[];
  errors: string[];
}

export const emptyImageSelection: ImageSelection = { existing: [], files: [], errors: [] };

function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <figure className="relative overflow-hidden rounded-lg border border-slate-200 bg-white">
      {url ? (
        <img
          src={url}
          alt={`New image ${file.name}`}
          width={112}
          height={112}
          className="size-28 object-contain p-1"
        />
      ) : (
        <span aria-hidden="true" className="block size-28 animate-pulse bg-slate-100" />
      )}
      <figcaption className="truncate border-t border-slate-100 px-2 py-1 text-xs text-slate-600">
        New: {file.name}
      </figcaption>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove new image ${file.name}`}
        className="absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-700"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </figure>
  );
}

/**
 * Spec §5 product images: several at once, image files only, with previews; on edit each stored
 * image can be removed (and kept again before saving).
 */
export function ImagePicker({
  value,
  onChange,
  label = 'Images',
}: {
  value: ImageSelection;
  onChange: (next: ImageSelection) => void;
  label?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const chosen = value.existing.filter((image) => image.keep).length + value.files.length;

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file can be chosen again after removing it
    const { accepted, errors } = checkImageFiles(files, chosen);
    onChange({ ...value, files: [...value.files, ...accepted], errors });
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
        <ImagePlus aria-hidden="true" className="size-6 text-slate-500" />
        <input
          id={inputId}
          type="file"
          multiple
          accept={CATALOG_IMAGE_TYPES.join(',')}
          onChange={onFiles}
          aria-describedby={value.errors.length > 0 ? `${hintId} ${errorId}` : hintId}
          className="block min-w-0 flex-1 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-50"
        />
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        JPEG, PNG, GIF or WebP, up to 5 MB each, at most {CATALOG_IMAGE_MAX_FILES} images. The first
        image is shown on the product card.
      </p>
      {value.errors.length > 0 ? (
        <div id={errorId}>
          {value.errors.map((error) => (
            <FieldError key={error}>{error}</FieldError>
          ))}
        </div>
      ) : null}
      {value.existing.length > 0 || value.files.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label="Chosen images">
          {value.existing.map((image, index) => (
            <li key={image.url}>
              <figure
                className={cn(
                  'relative overflow-hidden rounded-lg border bg-white',
                  image.keep ? 'border-slate-200' : 'border-red-300 opacity-60',
                )}
              >
                <img
                  src={image.url}
                  alt={`Stored image ${index + 1}`}
                  width={112}
                  height={112}
                  className="size-28 object-contain p-1"
                />
                <figcaption className="border-t border-slate-100 px-2 py-1 text-xs text-slate-600">
                  {image.keep ? `Image ${index + 1}` : 'Will be removed'}
                </figcaption>
                <button
                  type="button"
                  onClick={() =>
                    onChange({
                      ...value,
                      existing: value.existing.map((other) =>
                        other.url === image.url ? { ...other, keep: !other.keep } : other,
                      ),
                    })
                  }
                  aria-label={image.keep ? `Remove image ${index + 1}` : `Keep image ${index + 1}`}
                  className="absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-700"
                >
                  {image.keep ? (
                    <X aria-hidden="true" className="size-4" />
                  ) : (
                    <Undo2 aria-hidden="true" className="size-4" />
                  )}
                </button>
              </figure>
            </li>
          ))}
          {value.files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`}>
              <FilePreview
                file={file}
                onRemove={() =>
                  onChange({
                    ...value,
                    files: value.files.filter((_, other) => other !== index),
                    errors: [],
                  })
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
