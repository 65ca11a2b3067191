import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES, newsletterSchema, type NewsletterInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

/** Spec §2 / §5 footer newsletter: validated while typing and on submit. */
export function NewsletterForm() {
  const headingId = useId();
  const subscribe = useSubscribeNewsletter();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterInput>({
    resolver: zodResolver(newsletterSchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (subscribe.isPending) return;
    try {
      await subscribe.mutateAsync(values);
    } catch {
      return; // the error toast carries the server's message (lib/query-client)
    }
    notify.success(MESSAGES.newsletterSuccess);
    reset();
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-sm"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
        <Mail aria-hidden="true" className="size-5 text-brand-700" />
        Sign Up for Our Newsletter
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Health tips and offers, once a month. Unsubscribe at any time.
      </p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <FormField label="Email address" error={errors.email?.message} className="flex-1">
          {(field) => (
            <Input
              {...field}
              {...register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
            />
          )}
        </FormField>
        <Button
          type="submit"
          className="sm:mt-6"
          isPending={isSubmitting || subscribe.isPending}
          pendingText="Subscribing..."
        >
          Subscribe
        </Button>
      </form>
    </section>
  );
}
