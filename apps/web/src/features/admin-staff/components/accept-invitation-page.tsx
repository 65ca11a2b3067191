import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, KeyRound } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  STAFF_MESSAGES,
  acceptInvitationFormSchema,
  formatLongDate,
  type AcceptInvitationFormInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DocumentTitle } from '../../../components/ui/document-title';
import { FormField, Input } from '../../../components/ui/form-field';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';
import { useAcceptInvitation, useInvitation } from '../api/staff';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

function Alert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <DocumentTitle title="Accept invitation" />
      <Card className="flex flex-col gap-6 p-6 shadow-sm sm:p-8">{children}</Card>
    </div>
  );
}

function Unusable({ message }: { message: string }) {
  return (
    <Frame>
      <h1 className="text-2xl font-bold text-slate-900">Accept invitation</h1>
      <Alert>{message}</Alert>
      <Link className={linkClass} to={paths.login.getHref('login')}>
        Go to the login page
      </Link>
    </Frame>
  );
}

/**
 * Issue 32 /accept-invitation?token=… from the owner's mail: shows who is invited as what, asks for
 * a password twice (the sign-up rules), signs the person in and opens their dashboard.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<AcceptInvitationFormInput>({
    resolver: zodResolver(acceptInvitationFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const session = await accept.mutateAsync({ token, password: values.password });
      startSession(queryClient, session.token, session.user);
      void navigate(paths.dashboard.root.getHref(), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && (error.statusCode === 410 || error.statusCode === 404))
        setGone(error.message);
      else setServerError(getErrorMessage(error));
    } finally {
      inFlight.current = false;
    }
  });

  if (!token) return <Unusable message={STAFF_MESSAGES.invitationNotFound} />;
  if (gone) return <Unusable message={gone} />;
  if (invitation.isPending)
    return (
      <Frame>
        <LoadingRegion label="Loading the invitation" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </LoadingRegion>
      </Frame>
    );
  if (invitation.isError) return <Unusable message={getErrorMessage(invitation.error)} />;

  const { name, email, roleLabel, invitedByName, expiresAt } = invitation.data;
  const clearOnEdit = (field: keyof AcceptInvitationFormInput) => ({
    onChange: () => clearErrors(field),
  });
  return (
    <Frame>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Welcome, {name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {invitedByName ?? 'The owner'} invited you to work in the shop as{' '}
          <strong className="font-semibold text-slate-900">{roleLabel}</strong>. Choose a password
          to finish; you will then sign in with <strong className="font-semibold">{email}</strong>{' '}
          and this password. The invitation is valid until{' '}
          <time dateTime={expiresAt}>{formatLongDate(expiresAt)}</time>.
        </p>
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Accept invitation"
        className="flex flex-col gap-5"
      >
        {serverError ? <Alert>{serverError}</Alert> : null}
        <input type="email" value={email} autoComplete="username" readOnly hidden />
        <FormField label="Password" hint="At least 6 characters." error={errors.password?.message}>
          {(field) => (
            <Input
              {...field}
              {...register('password', clearOnEdit('password'))}
              type="password"
              autoComplete="new-password"
            />
          )}
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
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
          isPending={accept.isPending}
          pendingText="Signing in..."
          icon={<KeyRound aria-hidden="true" className="size-4" />}
        >
          Set password and sign in
        </Button>
      </form>
    </Frame>
  );
}
