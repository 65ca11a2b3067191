import { MapPin, Pencil, Plus, RefreshCw, Star } from 'lucide-react';
import { useLocation } from 'react-router';
import type { Address } from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAddresses } from '../api/get-addresses';
import { useConfirmAddress } from '../api/update-checkout-order';
import { chooseAddress, readPassedAddressId } from '../lib/address-choice';
import { StepHeading } from './step-panel';

function AddressBlock({ address }: { address: Address }) {
  return (
    <address className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm not-italic text-slate-800">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {address.name}
        {address.isPrimary ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
            <Star aria-hidden="true" className="size-3" /> Default
          </span>
        ) : null}
      </p>
      <p className="mt-1">{address.street}</p>
      <p>
        {address.city}, {address.state} {address.pinCode}
      </p>
      <p>{address.country}</p>
      <p className="mt-1">Phone: {address.phone}</p>
      {address.alternatePhone ? <p>Alternate phone: {address.alternatePhone}</p> : null}
    </address>
  );
}

/**
 * Spec §2 address step: 'Confirm Address' with the address passed back by the address pages or
 * the primary one; 'Add Address' without addresses; 'Select Primary Address' when none is primary;
 * 'Change Address' to the address list, which returns here with `{ addressId }`.
 */
export function AddressStep({ orderId }: { orderId: number }) {
  const location = useLocation();
  const addresses = useAddresses();
  const confirm = useConfirmAddress(orderId);
  const here = { redirectTo: `${location.pathname}${location.search}` };

  const heading = (
    <StepHeading
      icon={<MapPin className="size-5" />}
      title="Delivery Address"
      description="Where should we deliver this order?"
    />
  );

  if (addresses.isPending) {
    return (
      <>
        {heading}
        <LoadingRegion label="Loading address..." className="flex flex-col gap-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-10 w-40" />
        </LoadingRegion>
      </>
    );
  }
  if (addresses.isError) {
    return (
      <>
        {heading}
        <EmptyState
          icon={<MapPin className="size-8" />}
          title="Your addresses could not be loaded."
          action={
            <Button
              variant="secondary"
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={() => void addresses.refetch()}
            >
              Try again
            </Button>
          }
        />
      </>
    );
  }

  const choice = chooseAddress(addresses.data, readPassedAddressId(location.state));
  const changeAddress = (
    <ButtonLink
      variant="secondary"
      to={paths.dashboard.address.getHref()}
      state={here}
      icon={<Pencil aria-hidden="true" className="size-4" />}
    >
      Change Address
    </ButtonLink>
  );

  if (choice.kind === 'add') {
    return (
      <>
        {heading}
        <EmptyState
          icon={<MapPin className="size-8" />}
          title="No addresses found."
          action={
            <ButtonLink
              to={paths.dashboard.addressAdd.getHref()}
              state={here}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              Add Address
            </ButtonLink>
          }
        >
          Add a delivery address to continue.
        </EmptyState>
      </>
    );
  }

  if (choice.kind === 'select-primary') {
    return (
      <>
        {heading}
        <EmptyState
          icon={<MapPin className="size-8" />}
          title="None of your addresses is the default one."
          action={
            <ButtonLink to={paths.dashboard.address.getHref()} state={here}>
              Select Primary Address
            </ButtonLink>
          }
        >
          Choose the address to deliver to, or make one your default.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      {heading}
      <AddressBlock address={choice.address} />
      <div className="mt-5 flex flex-wrap gap-3">
        <Button
          isPending={confirm.isPending}
          pendingText="Confirming..."
          onClick={() => {
            if (!confirm.isPending) confirm.mutate(choice.address.id);
          }}
        >
          Confirm Address
        </Button>
        {changeAddress}
      </div>
    </>
  );
}
