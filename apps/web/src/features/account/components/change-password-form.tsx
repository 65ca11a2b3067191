import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema, MESSAGES, type ChangePasswordInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

const empty: ChangePasswordInput = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Spec §2 / §5 Account Security 'Reset Password' form: checked on submit, a field's error clears
 * when it is edited; success toasts 'Password changed successfully.' and keeps this session on
 * the fresh token (other sessions are signed out by the server).
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: empty,
  });

  const clearOnEdit = (name: keyof ChangePasswordInput) => ({
    onChange: () => clearErrors(name),
  });

  const onSubmit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const { message } = await change.mutateAsync(values);
      notify.success(message || MESSAGES.passwordChanged);
      reset(empty);
    } catch {
      // the error toast carries the server's message, e.g. a wrong old password (lib/query-client)
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Reset Password"
      className="flex flex-col gap-5"
    >
      <FormField label="Old password" error={errors.oldPassword?.message}>
        {(field) => (
          <Input
            {...field}
            {...register('oldPassword', clearOnEdit('oldPassword'))}
            type="password"
            autoComplete="current-password"
          />
        )}
      </FormField>
      <FormField
        label="New password"
        hint="At least 6 characters, different from the old one."
        error={errors.newPassword?.message}
      >
        {(field) => (
          <Input
            {...field}
            {...register('newPassword', clearOnEdit('newPassword'))}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        {(field) => (
          <Input
            {...field}
            {...register('confirmPassword', clearOnEdit('confirmPassword'))}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <div>
        <Button
          type="submit"
          isPending={change.isPending}
          pendingText="Saving..."
          icon={<KeyRound aria-hidden="true" className="size-4" />}
        >
          Change password
        </Button>
      </div>
    </form>
  );
}
