import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  PASSWORD_RESET_DONE,
  RESET_LINK_INVALID,
  resetPasswordSchema,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { DocumentTitle } from '../../../components/ui/document-title';
import { FormField, Input } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/auth';
import { clearSession } from '../../../lib/auth-session';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

const backToLogin = (
  <Link className={linkClass} to={paths.login.getHref('login')}>
    Back to login
  </Link>
);

/**
 * /forgot-password (linked from the login form). DECISIONS: a single-use link valid one hour is
 * mailed; the page answers the same whether or not the address has an account.
 */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const inFlight = useRef(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const { message } = await request.mutateAsync(values);
      setAnswer(message || FORGOT_PASSWORD_ANSWER);
    } catch (error) {
      setServerError(getErrorMessage(error));
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <AuthCard
      title="Forgot Password"
      description="Enter your e-mail address and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      <DocumentTitle title="Forgot Password" />
      {answer ? (
        <FormAlert tone="success">{answer}</FormAlert>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Forgot Password"
          className="flex flex-col gap-5"
        >
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <FormField label="Email" error={errors.email?.message}>
            {(field) => (
              <Input
                {...field}
                {...register('email', { onChange: () => clearErrors('email') })}
                type="email"
                autoComplete="email"
                inputMode="email"
              />
            )}
          </FormField>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            isPending={request.isPending}
            pendingText="Sending..."
            icon={<Send aria-hidden="true" className="size-4" />}
          >
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

type NewPasswordValues = Omit<ResetPasswordInput, 'token'>;

function InvalidLink() {
  return (
    <div className="flex flex-col gap-4">
      <FormAlert>{RESET_LINK_INVALID}</FormAlert>
      <Link className={linkClass} to={paths.forgotPassword.getHref()}>
        Ask for a new link
      </Link>
    </div>
  );
}

/**
 * /reset-password?token=… from the mailed link: a new password with the change-password rules of
 * spec §5. The server signs every session out, so this browser's session (if any) ends too.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const reset = useResetPassword();
  const inFlight = useRef(false);
  const [outcome, setOutcome] = useState<'done' | 'invalid' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<ResetPasswordInput, unknown, ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      await reset.mutateAsync({ ...values, token });
      clearSession();
      queryClient.removeQueries({ queryKey: userQueryKey });
      setOutcome('done');
    } catch (error) {
      if (error instanceof ApiError && error.message === RESET_LINK_INVALID) setOutcome('invalid');
      else setServerError(getErrorMessage(error));
    } finally {
      inFlight.current = false;
    }
  });

  const clearOnEdit = (name: keyof NewPasswordValues) => ({ onChange: () => clearErrors(name) });

  let body;
  if (!token || outcome === 'invalid') {
    body = <InvalidLink />;
  } else if (outcome === 'done') {
    body = (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">{PASSWORD_RESET_DONE}</FormAlert>
        <Link className={linkClass} to={paths.login.getHref('login')}>
          Login
        </Link>
      </div>
    );
  } else {
    body = (
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Reset Password"
        className="flex flex-col gap-5"
      >
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <FormField
          label="New password"
          hint="At least 6 characters."
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
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isPending={reset.isPending}
          pendingText="Saving..."
          icon={<KeyRound aria-hidden="true" className="size-4" />}
        >
          Set new password
        </Button>
      </form>
    );
  }

  return (
    <AuthCard
      title="Reset Password"
      description="Choose a new password for your account."
      footer={outcome === 'done' ? null : backToLogin}
    >
      <DocumentTitle title="Reset Password" />
      {body}
    </AuthCard>
  );
}
