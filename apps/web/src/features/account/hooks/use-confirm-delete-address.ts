import { useState } from 'react';
import { DELETE_ADDRESS_CONFIRM, MESSAGES, type Address } from '@pharmacy/shared';
import { notify } from '../../../lib/toast';
import { useDeleteAddress } from '../api/delete-address';

/**
 * Spec §2 / §7 delete: ask 'Are you sure you want to delete this address?', then toast 'Address
 * deleted successfully' and let the page move on (`onDeleted`). Feeds the ConfirmDialog
 * (components/ui).
 */
export function useConfirmDeleteAddress(onDeleted?: (address: Address) => void) {
  const remove = useDeleteAddress();
  const [target, setTarget] = useState<Address | null>(null);

  const confirm = async () => {
    if (!target || remove.isPending) return;
    try {
      const { message } = await remove.mutateAsync(target.id);
      notify.success(message || MESSAGES.addressDeleted);
      setTarget(null);
      onDeleted?.(target);
    } catch {
      setTarget(null); // the error toast carries the server's message (lib/query-client)
    }
  };

  return {
    ask: (address: Address) => setTarget(address),
    dialog: {
      open: target !== null,
      title: 'Delete address',
      message: DELETE_ADDRESS_CONFIRM,
      confirmLabel: 'Delete',
      pendingText: 'Deleting...',
      isPending: remove.isPending,
      onConfirm: () => void confirm(),
      onClose: () => {
        if (!remove.isPending) setTarget(null);
      },
    },
  };
}
