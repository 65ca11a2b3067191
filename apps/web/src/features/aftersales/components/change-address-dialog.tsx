import { MapPin } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-field';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useAddressBook, useChangeOrderAddress } from '../api/change-order-address';

/** Picks another address of the address book for an order not yet packed (issue 19). */
export function ChangeAddressDialog({
  orderId,
  currentAddressId,
  open,
  onClose,
}: {
  orderId: number;
  currentAddressId: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const book = useAddressBook(open);
  const change = useChangeOrderAddress(orderId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();
  const selected = chosen ?? currentAddressId;

  function close() {
    if (change.isPending) return;
    setError(null);
    setChosen(null);
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    if (selected === null || selected === currentAddressId) {
      setError('Please choose another address.');
      return;
    }
    change.mutate(selected, {
      onSuccess: () => {
        setChosen(null);
        onClose();
      },
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  }

  return (
    <Dialog open={open} onClose={close} title="Change delivery address" size="md">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {book.isPending ? (
          <LoadingRegion label="Loading your addresses" className="flex flex-col gap-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </LoadingRegion>
        ) : book.isError ? (
          <FieldError>We could not load your addresses. Please try again.</FieldError>
        ) : (
          <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
            <legend id={legendId} className="mb-1 text-sm font-semibold text-slate-900">
              Deliver to
            </legend>
            {book.data.map((address) => (
              <label
                key={address.id}
                className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="addressId"
                  value={address.id}
                  checked={selected === address.id}
                  onChange={() => {
                    setChosen(address.id);
                    setError(null);
                  }}
                  className="mt-0.5 size-4 accent-brand-700"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{address.name}</span>
                  {address.street}, {address.city}, {address.state} – {address.pinCode}
                  {address.id === currentAddressId ? (
                    <span className="ml-1 text-xs text-slate-600">(current)</span>
                  ) : null}
                </span>
              </label>
            ))}
            <p className="text-sm text-slate-600">
              Need a new one?{' '}
              <Link
                to={paths.dashboard.addressAdd.getHref()}
                className="font-medium text-brand-700 underline"
              >
                Add it to your address book
              </Link>{' '}
              first.
            </p>
          </fieldset>
        )}
        {error ? <FieldError>{error}</FieldError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            isPending={change.isPending}
            pendingText="Saving..."
            disabled={!book.data}
            icon={<MapPin aria-hidden="true" className="size-4" />}
          >
            Deliver here
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
