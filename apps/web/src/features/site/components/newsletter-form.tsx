import { Mail } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

/**
 * The shared newsletter rule's first message for `email`, or undefined when it passes. The rule
 * (zod) loads on the first keystroke or submit: the form sits in the footer of every page, and
 * react-hook-form plus zod would be ~38 kB of the first download for a field most shoppers never
 * touch.
 */
async function emailError(email: string): Promise<string | undefined> {
  const { newsletterSchema } = await import('../schemas');
  const result = newsletterSchema.safeParse({ email });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Spec §2 / §5 footer newsletter: validated while typing and on submit. */
export function NewsletterForm() {
  const headingId = useId();
  const subscribe = useSubscribeNewsletter();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  // Checks run asynchronously; only the answer for the latest value may be shown.
  const latestCheck = useRef(0);

  const validate = async (value: string) => {
    const check = ++latestCheck.current;
    const message = await emailError(value);
    if (check === latestCheck.current) setError(message);
    return message;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || subscribe.isPending) return;
    setSubmitting(true);
    try {
      if (await validate(email)) {
        inputRef.current?.focus();
        return;
      }
      try {
        await subscribe.mutateAsync({ email });
      } catch {
        return; // the error toast carries the server's message (lib/query-client)
      }
      notify.success(MESSAGES.newsletterSuccess);
      latestCheck.current++;
      setEmail('');
      setError(undefined);
    } finally {
      setSubmitting(false);
    }
  };

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
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <FormField label="Email address" error={error} className="flex-1">
          {(field) => (
            <Input
              {...field}
              ref={inputRef}
              name="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                void validate(event.target.value);
              }}
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
          isPending={submitting || subscribe.isPending}
          pendingText="Subscribing..."
        >
          Subscribe
        </Button>
      </form>
    </section>
  );
}
