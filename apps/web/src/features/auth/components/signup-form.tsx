import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES, signupSchema, type SignupInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';
import { useSignup } from '../api/signup';
import { FormAlert } from './form-alert';

/** The shared rule plus the form-only Remember Me choice. */
const signupFormSchema = z.intersection(signupSchema, z.object({ rememberMe: z.boolean() }));
type SignupValues = SignupInput & { rememberMe: boolean };

const schemaResolver = zodResolver(signupFormSchema);

/**
 * Spec §5: the sign-up rule runs per field while typing and on submit. An empty confirmation
 * reads 'Please confirm your password.' while typing and 'Confirm password is required.' on
 * submit; the shared schema has the submit wording, so the typing variant is swapped in here.
 */
function createSignupResolver(submitting: { current: boolean }): Resolver<SignupValues> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const confirm = result.errors.confirmPassword;
    if (!submitting.current && confirm?.message === MESSAGES.confirmPasswordRequired) {
      confirm.message = MESSAGES.confirmPasswordTyping;
    }
    return result as Awaited<ReturnType<Resolver<SignupValues>>>;
  };
}

/**
 * Spec §2 sign-up form: name, email, phone number, password, confirm password, Remember Me.
 * Remember Me (ticked by default) keeps the session after the browser closes; unticked, the
 * session lasts for this tab only.
 */
export function SignupForm() {
  const queryClient = useQueryClient();
  const signup = useSignup();
  const inFlight = useRef(false);
  const submitting = useRef(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [resolver] = useState(() => createSignupResolver(submitting));
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<SignupValues>({
    resolver,
    mode: 'onChange',
    defaultValues: {
      name: '',
      email: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      rememberMe: true,
    },
  });

  const send = handleSubmit(async ({ rememberMe, ...values }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const { token, user } = await signup.mutateAsync(values);
      startSession(queryClient, token, user, { remember: rememberMe });
    } catch (error) {
      setServerError(getErrorMessage(error));
    } finally {
      inFlight.current = false;
    }
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    submitting.current = true;
    try {
      await send(event);
    } finally {
      submitting.current = false;
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Sign Up"
      className="flex flex-col gap-5"
    >
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      <FormField label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register('name')} autoComplete="name" />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            {...field}
            {...register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
          />
        )}
      </FormField>
      <FormField
        label="Phone number"
        hint="10 to 15 digits, numbers only."
        error={errors.phoneNumber?.message}
      >
        {(field) => (
          <Input
            {...field}
            {...register('phoneNumber')}
            type="tel"
            autoComplete="tel"
            inputMode="numeric"
          />
        )}
      </FormField>
      <FormField label="Password" hint="At least 6 characters." error={errors.password?.message}>
        {(field) => (
          <Input
            {...field}
            {...register('password', {
              // A confirmation already typed is checked again against the new password.
              onChange: () => {
                if (getValues('confirmPassword')) void trigger('confirmPassword');
              },
            })}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        {(field) => (
          <Input
            {...field}
            {...register('confirmPassword')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <label className="flex w-fit items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          {...register('rememberMe')}
          className="size-4 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        Remember Me
      </label>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        isPending={signup.isPending}
        pendingText="Signing up..."
        icon={<UserPlus aria-hidden="true" className="size-4" />}
      >
        Sign Up
      </Button>
    </form>
  );
}
