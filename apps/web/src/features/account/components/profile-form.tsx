import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  can,
  MESSAGES,
  profileUpdateSchema,
  type Profile,
  type ProfileUpdateInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

type ProfileFormValues = z.input<typeof profileUpdateSchema>;

/** Issue 16 / 32: the registration number belongs to whoever reviews prescriptions. */
const reviewsPrescriptions = (profile: Profile) => can(profile.roleId, 'prescriptions.review');

/**
 * The form's values for a profile. Only a reviewer's form carries the pharmacist registration
 * number (issue 16): anyone else's leaves it out, which the server reads as "unchanged".
 */
function formValues(profile: Profile): ProfileFormValues {
  const values: ProfileFormValues = {
    name: profile.name,
    email: profile.email,
    phoneNumber: profile.phoneNumber ?? '',
  };
  if (reviewsPrescriptions(profile)) {
    values.pharmacistRegistrationNumber = profile.pharmacistRegistrationNumber ?? '';
  }
  return values;
}

/**
 * Spec §2 / §5 Account Details edit form: name, e-mail, phone, and for prescription reviewers
 * (issue 16; issue 32: prescriptions.review) the
 * pharmacist registration number that lets them decide on prescriptions (empty clears it).
 * Checked on submit, then again as the fields change; success toasts 'Profile updated
 * successfully', a failure shows the server's message as an error toast (spec §8).
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const inFlight = useRef(false);
  const reviewer = reviewsPrescriptions(profile);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: formValues(profile),
  });

  const onSubmit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const { message, user } = await update.mutateAsync(values);
      notify.success(message || MESSAGES.profileUpdated);
      reset(formValues(user));
    } catch {
      // the error toast carries the server's message (lib/query-client)
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit profile" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message} className="sm:col-span-2">
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
        <FormField label="Phone number" error={errors.phoneNumber?.message}>
          {(field) => (
            <Input
              {...field}
              {...register('phoneNumber')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
            />
          )}
        </FormField>
        {reviewer ? (
          <FormField
            label="Pharmacist registration number"
            error={errors.pharmacistRegistrationNumber?.message}
            hint="From your State Pharmacy Council, e.g. KA/PH/2019/04512. Needed to approve or reject prescriptions; leave empty if you are not a pharmacist."
            className="sm:col-span-2"
          >
            {(field) => (
              <Input
                {...field}
                {...register('pharmacistRegistrationNumber')}
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
              />
            )}
          </FormField>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          isPending={update.isPending}
          pendingText="Saving..."
          icon={<Save aria-hidden="true" className="size-4" />}
        >
          Save changes
        </Button>
        {isDirty && !update.isPending ? (
          <Button variant="quiet" onClick={() => reset()}>
            Discard changes
          </Button>
        ) : null}
      </div>
    </form>
  );
}
