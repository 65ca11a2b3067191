import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDownloadInteractionsCsv } from '../api/download-interactions-csv';

/** The whole table as a CSV in the import's own format: edit it in a spreadsheet, import it back. */
export function InteractionsCsvExport() {
  const download = useDownloadInteractionsCsv();
  return (
    <Button
      variant="secondary"
      isPending={download.isPending}
      pendingText="Exporting..."
      icon={<Download aria-hidden="true" className="size-4" />}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: (name) => notify.success(`Downloaded ${name}`),
          onError: (error) => notify.error(getErrorMessage(error)),
        })
      }
    >
      Export CSV
    </Button>
  );
}
