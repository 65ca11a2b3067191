import { Download, Upload } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDownloadCatalogueCsv } from '../api/download-catalogue-csv';

/** Issue 18 point 4: the product list's CSV buttons: the whole catalogue out, a file in. */
export function CatalogueCsvActions() {
  const download = useDownloadCatalogueCsv();
  return (
    <>
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
      <ButtonLink
        to={paths.dashboard.productImport.getHref()}
        variant="secondary"
        icon={<Upload aria-hidden="true" className="size-4" />}
      >
        Import CSV
      </ButtonLink>
    </>
  );
}
