import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ROLE,
  STAFF_INVITATION_HOURS,
  staffInviteSchema,
  type StaffInviteInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, FormField, Input, Select } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useInviteStaff } from '../api/staff';
import { STAFF_ROLE_CHOICES } from './staff-roles';

/** The owner's invitation: name, e-mail and role; the server mails the link. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteStaff();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StaffInviteInput>({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: { name: '', email: '', roleId: ROLE.PACKER },
  });

  const close = () => {
    if (invite.isPending) return;
    reset();
    setServerError(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const invitation = await invite.mutateAsync(values);
      notify.success(`An invitation was sent to ${invitation.email}.`);
      reset();
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Invite a member of staff"
      description={`They get an e-mail with a link to choose a password. The link works once, for ${STAFF_INVITATION_HOURS} hours.`}
    >
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Invite a member of staff"
        className="flex flex-col gap-4"
      >
        <FormField label="Name" error={errors.name?.message}>
          {(field) => <Input {...field} {...register('name')} autoComplete="off" autoFocus />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(field) => (
            <Input
              {...field}
              {...register('email')}
              type="email"
              inputMode="email"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          label="Role"
          error={errors.roleId?.message}
          hint="A pharmacist reviews prescriptions, a packer packs and dispatches orders, support answers customers and handles returns."
        >
          {(field) => (
            <Select {...field} {...register('roleId', { valueAsNumber: true })}>
              {STAFF_ROLE_CHOICES.map((choice) => (
                <option key={choice.roleId} value={choice.roleId}>
                  {choice.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {serverError ? <FieldError>{serverError}</FieldError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            isPending={invite.isPending}
            pendingText="Sending..."
            icon={<Send aria-hidden="true" className="size-4" />}
          >
            Send invitation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
