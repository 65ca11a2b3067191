import { MapPin, Plus, RefreshCw } from 'lucide-react';
import { useLocation } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAddresses } from '../api/get-addresses';
import { useConfirmDeleteAddress } from '../hooks/use-confirm-delete-address';
import { AddressCard } from './address-card';

const LOADING_TEXT = 'Loading address...';

function LoadingAddresses() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{LOADING_TEXT}</p>
      <div aria-hidden="true" className="grid gap-4 md:grid-cols-2">
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Spec §2 'Saved Address': Add and Back, the cards (primary first), each opening its edit page,
 * and delete with the spec's confirmation. A `redirectTo` this page was given (the order flow's
 * 'Change Address') is passed on to the add and edit pages, which return there.
 */
export function AddressList() {
  const { state } = useLocation();
  const addresses = useAddresses();
  const deletion = useConfirmDeleteAddress();

  let body;
  if (addresses.isPending) {
    body = <LoadingAddresses />;
  } else if (addresses.isError) {
    body = (
      <EmptyState
        icon={<MapPin className="size-8" />}
        title="Your addresses could not be loaded."
        action={
          <Button
            variant="secondary"
            onClick={() => void addresses.refetch()}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Try again
          </Button>
        }
      />
    );
  } else if (addresses.data.length === 0) {
    body = (
      <EmptyState
        icon={<MapPin className="size-8" />}
        title="No addresses found."
        action={
          <ButtonLink to={paths.dashboard.addressAdd.getHref()} state={state}>
            Add an address
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Saved addresses">
        {addresses.data.map((address) => (
          <li key={address.id} className="flex">
            <AddressCard address={address} linkState={state} onDelete={deletion.ask} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Saved Address"
        actions={
          <>
            <BackButton />
            <ButtonLink
              to={paths.dashboard.addressAdd.getHref()}
              state={state}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              Add
            </ButtonLink>
          </>
        }
      />
      {body}
      <ConfirmDialog {...deletion.dialog} />
    </>
  );
}
