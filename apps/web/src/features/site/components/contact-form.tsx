import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { contactSchema, MESSAGES, type ContactInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';

/** Spec §2 / §5 contact form; DECISIONS: the message is stored on the server. */
export function ContactForm() {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (send.isPending) return;
    let message: string;
    try {
      ({ message } = await send.mutateAsync(values));
    } catch {
      return; // the error toast carries the server's message (lib/query-client)
    }
    notify.success(message || MESSAGES.contactSuccess);
    reset();
  });

  const pending = isSubmitting || send.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Contact form">
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
      <FormField label="Message" error={errors.message?.message}>
        {(field) => <Textarea {...field} {...register('message')} rows={6} />}
      </FormField>
      <div>
        <Button
          type="submit"
          size="lg"
          isPending={pending}
          pendingText="Sending..."
          icon={<Send aria-hidden="true" className="size-4" />}
        >
          Send Message
        </Button>
      </div>
    </form>
  );
}
