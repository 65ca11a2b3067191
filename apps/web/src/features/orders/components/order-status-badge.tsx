import { CircleCheck, CircleX, Clock, Truck, type LucideIcon } from 'lucide-react';
import { displayedStatus, type Order } from '@pharmacy/shared';
import { cn } from '../../../lib/cn';
import { displayedStatusId, statusTone, type StatusTone } from '../lib/order-rules';

const tones: Record<StatusTone, { className: string; Icon: LucideIcon }> = {
  waiting: { className: 'bg-amber-50 text-amber-800 ring-amber-200', Icon: Clock },
  progress: { className: 'bg-sky-50 text-sky-800 ring-sky-200', Icon: Truck },
  success: { className: 'bg-green-50 text-green-800 ring-green-200', Icon: CircleCheck },
  danger: { className: 'bg-red-50 text-red-800 ring-red-200', Icon: CircleX },
};

/** Spec §4 displayed status as a badge: the word, a colour and an icon (never colour alone). */
export function OrderStatusBadge({
  order,
  className,
}: {
  order: Pick<Order, 'statusId' | 'addressId'>;
  className?: string;
}) {
  const { className: toneClass, Icon } = tones[statusTone(displayedStatusId(order))];
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        toneClass,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {displayedStatus(order)}
    </span>
  );
}
