import { Download, FileText, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePrescriptionFile } from '../api/get-prescription-file';

interface PrescriptionFile {
  id: number;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  url: string;
}

function useBlobUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

function sizeLabel(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * One prescription file for the pharmacist: read with the session (files are private), an image
 * thumbnail or a document card, and a link that downloads it under its original name.
 */
export function PrescriptionFileCard({ file }: { file: PrescriptionFile }) {
  const blob = usePrescriptionFile(file.id, file.url);
  const url = useBlobUrl(blob.data);
  const isImage = file.mimeType.startsWith('image/');

  let preview;
  if (blob.isPending) preview = <Skeleton className="h-32 w-full" />;
  else if (blob.isError || !url)
    preview = (
      <div className="flex h-32 w-full flex-col items-center justify-center gap-1 rounded-md bg-red-50 text-red-800">
        <ImageOff aria-hidden="true" className="size-6" />
        <span className="text-xs">Could not load the file</span>
      </div>
    );
  else if (isImage)
    preview = (
      <img
        src={url}
        alt={`Prescription ${file.originalName}`}
        width={200}
        height={128}
        className="h-32 w-full rounded-md bg-slate-100 object-contain"
      />
    );
  else
    preview = (
      <div className="flex h-32 w-full flex-col items-center justify-center gap-1 rounded-md bg-slate-100 text-slate-700">
        <FileText aria-hidden="true" className="size-10" />
        <span className="text-xs font-semibold uppercase">
          {file.mimeType === 'application/pdf' ? 'PDF document' : 'Document'}
        </span>
      </div>
    );

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2">
      {preview}
      <p className="truncate text-sm font-medium text-slate-900" title={file.originalName}>
        {file.originalName}
      </p>
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-slate-600">{sizeLabel(file.sizeBytes)}</span>
        {url ? (
          <a
            href={url}
            download={file.originalName}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <Download aria-hidden="true" className="size-4" />
            Download<span className="sr-only"> {file.originalName}</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}
