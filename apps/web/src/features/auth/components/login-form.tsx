import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';
import { useLogin } from '../api/login';
import { FormAlert } from './form-alert';

/**
 * Spec §2 / §5 login form: validated on submit, a field's error clears as soon as it is edited.
 * Success stores the session; the page then moves on (to / or the redirectTo it was given).
 */
export function LoginForm({ notice }: { notice?: string | null }) {
  const queryClient = useQueryClient();
  const login = useLogin();
  const inFlight = useRef(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const { token, user } = await login.mutateAsync(values);
      startSession(queryClient, token, user);
    } catch (error) {
      setServerError(getErrorMessage(error));
    } finally {
      inFlight.current = false;
    }
  });

  const message = serverError ?? notice ?? null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Login" className="flex flex-col gap-5">
      {message ? <FormAlert>{message}</FormAlert> : null}
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
      <FormField label="Password" error={errors.password?.message}>
        {(field) => (
          <Input
            {...field}
            {...register('password', { onChange: () => clearErrors('password') })}
            type="password"
            autoComplete="current-password"
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        isPending={login.isPending}
        pendingText="Logging in..."
        icon={<LogIn aria-hidden="true" className="size-4" />}
      >
        Login
      </Button>
    </form>
  );
}
