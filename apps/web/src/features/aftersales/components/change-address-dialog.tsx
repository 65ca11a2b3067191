import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import {
  changeOrderAddressFormSchema,
  type ChangeOrderAddressFormValues,
  type ChangeOrderAddressInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-field';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useAddressBook, useChangeOrderAddress } from '../api/change-order-address';

const addressText = (id: number | null) => (id === null ? '' : String(id));

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
  const [serverError, setServerError] = useState<string | null>(null);
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  const legendId = useId();
  const errorId = useId();
  const resolver = useMemo(
    () =>
      zodResolver(changeOrderAddressFormSchema(currentAddressId)) as unknown as Resolver<
        ChangeOrderAddressFormValues,
        unknown,
        ChangeOrderAddressInput
      >,
    [currentAddressId],
  );
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<ChangeOrderAddressFormValues, unknown, ChangeOrderAddressInput>({
    resolver,
    // The order's address is ticked at first, and again once the order answers with a new one.
    values: { addressId: addressText(currentAddressId) },
  });
  const error = errors.addressId?.message ?? serverError;

  function close() {
    if (change.isPending) return;
    setServerError(null);
    reset({ addressId: addressText(currentAddressId) });
    onClose();
  }

  const onSubmit = handleSubmit(({ addressId }) => {
    if (inFlight.current || change.isPending) return;
    inFlight.current = true;
    change.mutate(addressId, {
      onSuccess: () => onClose(),
      onError: (failure) => setServerError(getErrorMessage(failure)),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  });

  return (
    <Dialog open={open} onClose={close} title="Change delivery address" size="md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {book.isPending ? (
          <LoadingRegion label="Loading your addresses" className="flex flex-col gap-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </LoadingRegion>
        ) : book.isError ? (
          <FieldError>We could not load your addresses. Please try again.</FieldError>
        ) : (
          <fieldset
            aria-labelledby={legendId}
            aria-describedby={error ? errorId : undefined}
            className="flex flex-col gap-2"
          >
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
                  value={address.id}
                  aria-invalid={errors.addressId ? true : undefined}
                  {...register('addressId', {
                    onChange: () => {
                      setServerError(null);
                      clearErrors();
                    },
                  })}
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
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
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
