import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

type DialogSize = 'sm' | 'md' | 'lg';

const widths: Record<DialogSize, string> = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl' };

/**
 * A modal dialog on the native <dialog> element: the browser keeps focus inside, Escape closes
 * it and focus returns to the opener. A click on the backdrop closes it too. `describedBy` names an
 * element of the body that describes it (a confirmation's message) when `description` is not used.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  describedBy,
  role = 'dialog',
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  describedBy?: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: DialogSize;
}) {
  if (!open) return null;
  return (
    <OpenDialog
      onClose={onClose}
      title={title}
      description={description}
      describedBy={describedBy}
      role={role}
      size={size}
    >
      {children}
    </OpenDialog>
  );
}

function OpenDialog({
  onClose,
  title,
  description,
  describedBy,
  children,
  role,
  size,
}: {
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  describedBy?: string;
  children: ReactNode;
  role: 'dialog' | 'alertdialog';
  size: DialogSize;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // Handled here rather than by the browser's cancel event alone: jsdom has no close request,
        // and a handled keydown keeps the browser from sending a second one.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 ${widths[size]}`}
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}
