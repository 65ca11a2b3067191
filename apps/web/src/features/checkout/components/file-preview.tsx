import { FileText, X } from 'lucide-react';
import { useObjectUrl } from '../hooks/use-object-url';
import { formatFileSize, previewKind } from '../lib/file-rules';

/**
 * Spec §2 previews of a chosen file: a thumbnail for images, the PDF embedded, a file card for
 * DOC; each with its name, size and a remove button.
 */
export function FilePreview({
  file,
  onRemove,
  disabled,
}: {
  file: File;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const kind = previewKind(file.name);
  const url = useObjectUrl(kind === 'document' ? null : file);

  let preview;
  if (kind === 'image') {
    preview = url ? (
      <img
        src={url}
        alt={`Preview of ${file.name}`}
        width={160}
        height={120}
        className="h-32 w-full rounded-md bg-slate-100 object-contain"
      />
    ) : (
      <div className="h-32 w-full rounded-md bg-slate-100" />
    );
  } else if (kind === 'pdf') {
    preview = url ? (
      <object
        data={url}
        type="application/pdf"
        aria-label={`Preview of ${file.name}`}
        className="h-32 w-full rounded-md border border-slate-200 bg-slate-100"
      >
        <div className="flex h-32 w-full flex-col items-center justify-center gap-1 text-slate-600">
          <FileText aria-hidden="true" className="size-8" />
          <span className="text-xs">PDF document</span>
        </div>
      </object>
    ) : (
      <div className="h-32 w-full rounded-md bg-slate-100" />
    );
  } else {
    preview = (
      <div className="flex h-32 w-full flex-col items-center justify-center gap-1 rounded-md bg-slate-100 text-slate-600">
        <FileText aria-hidden="true" className="size-10" />
        <span className="text-xs font-semibold uppercase">Word document</span>
      </div>
    );
  }

  return (
    <li className="relative flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2">
      {preview}
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
            {file.name}
          </p>
          <p className="text-xs text-slate-600">{formatFileSize(file.size)}</p>
        </div>
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${file.name}`}
          className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
