import { MapPin, RefreshCw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ADDRESS_NOT_FOUND, MESSAGES, type AddressInput } from '@pharmacy/shared';
import { BackButton } from '../../../components/ui/back-button';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormSkeleton } from '../../../components/ui/form-skeleton';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { readRedirectTo } from '../../../lib/redirect-state';
import { notify } from '../../../lib/toast';
import { useAddress } from '../api/get-address';
import { useAddresses } from '../api/get-addresses';
import { useSaveAddress } from '../api/save-address';
import { useUpdateAddress } from '../api/update-address';
import { useConfirmDeleteAddress } from '../hooks/use-confirm-delete-address';
import { AddressForm } from './address-form';

const LOADING_TEXT = 'Loading address...';

/**
 * Spec §2: add and edit return to the `redirectTo` of their navigation state with
 * `{ addressId }` (the order flow reads it), else back to where the user came from.
 */
function useReturnFromAddressForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const redirectTo = readRedirectTo(location.state);
  return (addressId?: number) => {
    const state = addressId === undefined ? undefined : { addressId };
    if (redirectTo) navigate(redirectTo, { replace: true, state });
    else if (location.key !== 'default') navigate(-1);
    else navigate(paths.dashboard.address.getHref(), { replace: true, state });
  };
}

function FormCard({ children }: { children: ReactNode }) {
  return <Card className="max-w-3xl p-6">{children}</Card>;
}

export function AddressAddPage() {
  const save = useSaveAddress();
  const addresses = useAddresses();
  const finish = useReturnFromAddressForm();
  const isFirst = addresses.data?.length === 0;

  const onSubmit = async (input: AddressInput) => {
    let addressId: number;
    let message: string;
    try {
      ({ addressId, message } = await save.mutateAsync(input));
    } catch {
      return; // the error toast carries the server's message (lib/query-client)
    }
    notify.success(message || MESSAGES.addressAdded);
    finish(addressId);
  };

  return (
    <>
      <PageHeader title="Add Address" actions={<BackButton />} />
      <FormCard>
        <AddressForm
          primaryLocked={isFirst}
          primaryLockedReason="Your first address becomes your default delivery address."
          isPending={save.isPending}
          submitLabel="Save address"
          onSubmit={onSubmit}
        />
      </FormCard>
    </>
  );
}

export function AddressEditPage({ id }: { id: number }) {
  const address = useAddress(id);
  const update = useUpdateAddress();
  const finish = useReturnFromAddressForm();
  const deletion = useConfirmDeleteAddress(() => finish());
  const validId = Number.isInteger(id) && id > 0;

  const onSubmit = async (input: AddressInput) => {
    let addressId: number;
    let message: string;
    try {
      ({ addressId, message } = await update.mutateAsync({ addressId: id, input }));
    } catch {
      return; // the error toast carries the server's message (lib/query-client)
    }
    // Spec §7 keeps the original's toast for updates too: 'Address added successfully'.
    notify.success(message || MESSAGES.addressAdded);
    finish(addressId);
  };

  let body;
  const notFound =
    !validId || (address.error instanceof ApiError && address.error.statusCode === 404);
  if (notFound) {
    body = (
      <EmptyState
        icon={<MapPin className="size-8" />}
        title={ADDRESS_NOT_FOUND}
        action={<ButtonLink to={paths.dashboard.address.getHref()}>Saved addresses</ButtonLink>}
      />
    );
  } else if (address.isPending) {
    body = (
      <FormCard>
        <p className="mb-4 text-sm text-slate-600" aria-hidden="true">
          {LOADING_TEXT}
        </p>
        <FormSkeleton label={LOADING_TEXT} fields={6} />
      </FormCard>
    );
  } else if (address.isError) {
    body = (
      <EmptyState
        icon={<MapPin className="size-8" />}
        title="This address could not be loaded."
        action={
          <Button
            variant="secondary"
            onClick={() => void address.refetch()}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Try again
          </Button>
        }
      />
    );
  } else {
    body = (
      <FormCard>
        <AddressForm
          key={address.data.id}
          address={address.data}
          primaryLocked={address.data.isPrimary}
          primaryLockedReason="This is your default delivery address. Choose another address as default to change it."
          isPending={update.isPending}
          submitLabel="Save address"
          onSubmit={onSubmit}
        />
      </FormCard>
    );
  }

  return (
    <>
      <PageHeader
        title="Edit Address"
        actions={
          <>
            <BackButton />
            {address.data ? (
              <Button
                variant="danger"
                icon={<Trash2 aria-hidden="true" className="size-4" />}
                onClick={() => address.data && deletion.ask(address.data)}
              >
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      {body}
      <ConfirmDialog {...deletion.dialog} />
    </>
  );
}
