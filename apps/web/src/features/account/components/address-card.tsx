import { CircleCheck, MapPin, Phone, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Address } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

/** Spec §2: the primary address is titled 'Default Delivery Address', others 'Delivery Address'. */
export function addressTitle(address: Pick<Address, 'isPrimary'>): string {
  return address.isPrimary ? 'Default Delivery Address' : 'Delivery Address';
}

/**
 * One saved address. The whole card opens the edit page (spec §2); Delete sits above that link
 * so it stays its own target for the pointer and the keyboard.
 */
export function AddressCard({
  address,
  linkState,
  onDelete,
}: {
  address: Address;
  linkState?: unknown;
  onDelete: (address: Address) => void;
}) {
  const titleId = useId();
  const phones = [address.phone, address.alternatePhone].filter(Boolean).join(', ');
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex w-full flex-col gap-3 rounded-xl border bg-white p-5 transition-shadow focus-within:shadow-md hover:shadow-md',
        address.isPrimary ? 'border-brand-700' : 'border-slate-200',
      )}
    >
      <h2
        id={titleId}
        className={cn(
          'flex items-center gap-2 text-base font-semibold',
          address.isPrimary ? 'text-brand-800' : 'text-slate-900',
        )}
      >
        {address.isPrimary ? (
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        ) : (
          <MapPin aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
        )}
        {addressTitle(address)}
      </h2>
      <div className="text-sm text-slate-700">
        <p className="text-base font-medium text-slate-900">{address.name}</p>
        <address className="mt-1 not-italic">
          {address.street}
          <br />
          {address.city}, {address.state} {address.pinCode}
          <br />
          {address.country}
        </address>
        <p className="mt-2 flex items-center gap-1.5">
          <Phone aria-hidden="true" className="size-4 text-slate-500" />
          <span className="sr-only">Phone: </span>
          {phones}
        </p>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <Link
          to={paths.dashboard.addressEdit.getHref(address.id)}
          state={linkState}
          className="rounded-md text-sm font-semibold text-brand-700 underline-offset-4 after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Edit
          <span className="sr-only">
            {' '}
            {addressTitle(address).toLowerCase()} of {address.name}
          </span>
        </Link>
        <Button
          variant="quiet"
          size="sm"
          className="relative z-10 text-red-700 hover:bg-red-50 hover:text-red-800"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => onDelete(address)}
        >
          Delete
          <span className="sr-only">
            {' '}
            {addressTitle(address).toLowerCase()} of {address.name}
          </span>
        </Button>
      </div>
    </article>
  );
}
