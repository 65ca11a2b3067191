import { Trash2, TriangleAlert, UserX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PRIVACY_TEXTS, usesPasswordLogin } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useDeleteAccount } from '../api/privacy';
import { ACCOUNT_DELETED_PATH } from '../paths';
import { SectionCard } from './section-card';

/** What deletion does, before the customer confirms (the answer says the dates afterwards). */
export function ErasedAndKept() {
  return (
    <div className="grid gap-4 text-sm text-slate-700 sm:grid-cols-2">
      <div>
        <h3 className="mb-1 font-semibold text-slate-900">{PRIVACY_TEXTS.erasedListTitle}</h3>
        <ul className="list-disc space-y-1 pl-5">
          <li>Your name, e-mail address, phone number and password.</li>
          <li>Your addresses, cart, patients, stock alerts, refill reminders and points.</li>
          <li>Your newsletter sign-up and e-mail consents.</li>
          <li>Every signed-in session.</li>
        </ul>
      </div>
      <div>
        <h3 className="mb-1 font-semibold text-slate-900">{PRIVACY_TEXTS.keptListTitle}</h3>
        <ul className="list-disc space-y-1 pl-5">
          <li>Orders with their delivery addresses, invoices and credit notes.</li>
          <li>Prescriptions, their files and the pharmacist&apos;s transcriptions.</li>
          <li>The Schedule H1 register entries.</li>
          <li>
            These are kept, without your name or contact details on the account, for the years the
            law sets.
          </li>
        </ul>
      </div>
    </div>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const { profile, signOut } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [secret, setSecret] = useState('');
  const [missing, setMissing] = useState(false);
  const explainId = useId();
  const withPassword = usesPasswordLogin(profile?.providerName);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!secret) {
      setMissing(true);
      return;
    }
    remove.mutate(withPassword ? { password: secret } : { confirm: secret }, {
      onSuccess: (answer) => {
        void navigate(ACCOUNT_DELETED_PATH, { replace: true, state: answer });
        signOut();
      },
    });
  }

  const fieldError = missing
    ? withPassword
      ? PRIVACY_TEXTS.passwordNeeded
      : PRIVACY_TEXTS.confirmDelete
    : undefined;
  return (
    <Dialog
      open
      onClose={onClose}
      title={PRIVACY_TEXTS.deleteConfirmTitle}
      role="alertdialog"
      describedBy={explainId}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p id={explainId} className="text-sm text-slate-700">
          {PRIVACY_TEXTS.deleteExplain} This cannot be undone.
        </p>
        <ErasedAndKept />
        <FormField
          label={withPassword ? PRIVACY_TEXTS.deletePasswordLabel : PRIVACY_TEXTS.deleteGoogleLabel}
          error={fieldError}
        >
          {(field) => (
            <Input
              {...field}
              type={withPassword ? 'password' : 'text'}
              autoComplete={withPassword ? 'current-password' : 'off'}
              value={secret}
              onChange={(event) => {
                setSecret(event.target.value);
                setMissing(false);
              }}
            />
          )}
        </FormField>
        <div role="alert">
          {remove.isError ? (
            <p className="flex gap-2 text-sm font-medium text-red-700">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {getErrorMessage(remove.error)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Keep my account
          </Button>
          <Button
            type="submit"
            variant="danger"
            isPending={remove.isPending}
            pendingText={PRIVACY_TEXTS.deleting}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
          >
            {PRIVACY_TEXTS.deleteConfirmButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Issue 32 point 5: deleting the account, confirmed with the password (or DELETE for Google). */
export function DeleteAccount() {
  const { isStaff } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <SectionCard
      id="privacy-delete"
      Icon={UserX}
      title={PRIVACY_TEXTS.deleteTitle}
      explain={isStaff ? PRIVACY_TEXTS.staffAccount : PRIVACY_TEXTS.deleteExplain}
    >
      {isStaff ? null : (
        <div>
          <Button
            variant="danger"
            onClick={() => setOpen(true)}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
          >
            {PRIVACY_TEXTS.deleteButton}
          </Button>
        </div>
      )}
      {open ? <DeleteDialog onClose={() => setOpen(false)} /> : null}
    </SectionCard>
  );
}
