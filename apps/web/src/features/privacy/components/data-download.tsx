import { Download, FileArchive, TriangleAlert } from 'lucide-react';
import { PRIVACY_TEXTS } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useDownloadMyData } from '../api/privacy';
import { SectionCard } from './section-card';

/** Issue 32: everything the shop keeps about the customer, as one ZIP file. */
export function DataDownload() {
  const download = useDownloadMyData();
  const error = download.error;
  const message =
    error instanceof ApiError && error.statusCode === 429
      ? PRIVACY_TEXTS.exportRateLimited
      : error
        ? getErrorMessage(error)
        : null;
  return (
    <SectionCard
      id="privacy-download"
      Icon={FileArchive}
      title={PRIVACY_TEXTS.downloadTitle}
      explain={PRIVACY_TEXTS.downloadExplain}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => download.mutate()}
          isPending={download.isPending}
          pendingText={PRIVACY_TEXTS.downloading}
          icon={<Download aria-hidden="true" className="size-4" />}
        >
          {PRIVACY_TEXTS.downloadButton}
        </Button>
        <p role="status" className="text-sm text-green-800">
          {download.isSuccess ? `${PRIVACY_TEXTS.downloaded} (${download.data})` : null}
        </p>
      </div>
      <div role="alert">
        {message ? (
          <p className="flex gap-2 text-sm font-medium text-red-700">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {message}
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}
