import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, BadgeCheck, ExternalLink, Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  INTERACTION_SEVERITIES,
  INTERACTION_SEVERITY_LABELS,
  MEDICINE_STATUS_LABELS,
  SAFETY_LEVELS,
  SAFETY_LEVEL_LABELS,
  SAFETY_TOPICS,
  SAFETY_TOPIC_LABELS,
  emptyMedicineContent,
  medicineContentSchema,
  medicineReviewInputSchema,
  type MedicineAdmin,
  type MedicineContent,
  type MedicineContentInput,
  type MedicineReviewInput,
} from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldError, FormField, Input, Select, Textarea } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/format-date';
import { notify } from '../../../lib/toast';
import { useAdminMedicine } from '../api/get-admin-medicine';
import { usePublishMedicine } from '../api/publish-medicine';
import { useSaveMedicineDraft } from '../api/save-medicine-draft';
import { StringListField } from './string-list-field';

/** The pharmacist's name and registration number, asked before the draft is published. */
function ReviewDialog({
  open,
  onClose,
  slug,
  saltName,
  defaults,
}: {
  open: boolean;
  onClose: () => void;
  slug: string;
  saltName: string;
  defaults: MedicineReviewInput;
}) {
  const publish = usePublishMedicine(slug);
  const form = useForm<MedicineReviewInput>({
    resolver: zodResolver(medicineReviewInputSchema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((review) =>
    publish.mutate(review, {
      onSuccess: (published) => {
        notify.success(published.message);
        onClose();
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Review and publish"
      description={`A registered pharmacist confirms the draft of ${saltName} is accurate. It replaces the public page, with the reviewer's name, registration number and today's date.`}
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <FormField label="Reviewer name" error={errors.reviewerName?.message}>
          {(field) => <Input {...field} autoComplete="name" {...form.register('reviewerName')} />}
        </FormField>
        <FormField
          label="Registration number"
          hint="As the State Pharmacy Council registers the pharmacist, e.g. KA/PH/2019/04512."
          error={errors.registrationNumber?.message}
        >
          {(field) => <Input {...field} {...form.register('registrationNumber')} />}
        </FormField>
        {publish.isError ? <FieldError>{getErrorMessage(publish.error)}</FieldError> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            isPending={publish.isPending}
            icon={<BadgeCheck aria-hidden="true" className="size-4" />}
          >
            Publish
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function EditorForm({ medicine }: { medicine: MedicineAdmin }) {
  const { salt } = medicine;
  const save = useSaveMedicineDraft(salt.slug);
  const [reviewing, setReviewing] = useState(false);
  const start: MedicineContentInput =
    medicine.draft?.content ?? medicine.published?.content ?? emptyMedicineContent();
  const form = useForm<MedicineContentInput, unknown, MedicineContent>({
    resolver: zodResolver(medicineContentSchema),
    defaultValues: start,
  });
  const { errors, isDirty } = form.formState;
  const interactions = useFieldArray({ control: form.control, name: 'interactions' });
  const submit = form.handleSubmit((content) =>
    save.mutate(content, {
      onSuccess: (saved) => {
        notify.success(saved.message);
        form.reset(saved.draft?.content ?? content);
      },
    }),
  );
  const review = medicine.published?.review;

  const textArea = (
    name: 'summary' | 'howItWorks' | 'howToTake' | 'missedDose' | 'storage',
    label: string,
    rows = 3,
  ) => (
    <FormField label={label} error={errors[name]?.message}>
      {(field) => <Textarea {...field} rows={rows} {...form.register(name)} />}
    </FormField>
  );
  const list = (
    name: 'uses' | 'sideEffectsCommon' | 'sideEffectsSerious',
    label: string,
    itemLabel: string,
    addLabel: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        // A list's own message (too few, too many) and each row's, as zodResolver nests them.
        const listErrors = errors[name] as
          | (({ message?: string } | undefined)[] & {
              message?: string;
              root?: { message?: string };
            })
          | undefined;
        return (
          <StringListField
            label={label}
            itemLabel={itemLabel}
            addLabel={addLabel}
            value={field.value}
            onChange={field.onChange}
            error={listErrors?.message ?? listErrors?.root?.message}
            itemErrors={Array.isArray(listErrors) ? listErrors : undefined}
          />
        );
      }}
    />
  );

  return (
    <>
      <section
        aria-label="Publication"
        className="mb-6 flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800"
      >
        <p>
          <span className="font-semibold">Status: </span>
          {MEDICINE_STATUS_LABELS[medicine.status]}
        </p>
        {review ? (
          <p>
            Published version reviewed by {review.reviewerName} ({review.registrationNumber}) on{' '}
            {formatShortDate(review.reviewedAt)}.
          </p>
        ) : (
          <p>Not published: the public page says the information is being prepared.</p>
        )}
        {medicine.draft ? (
          <p>
            Draft saved {formatShortDate(medicine.draft.savedAt)}
            {medicine.draft.savedBy ? ` by ${medicine.draft.savedBy}` : ''}; shoppers do not see it
            until a pharmacist reviews it.
          </p>
        ) : null}
      </section>

      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-8" noValidate>
        {textArea('summary', 'Summary (one or two sentences)')}
        {list('uses', 'What it is used for', 'Use', 'Add a use')}
        {textArea('howItWorks', 'How it works', 4)}
        <div className="grid gap-6 md:grid-cols-2">
          {list(
            'sideEffectsCommon',
            'Common side effects',
            'Common side effect',
            'Add a common side effect',
          )}
          {list(
            'sideEffectsSerious',
            'Serious side effects',
            'Serious side effect',
            'Add a serious side effect',
          )}
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold text-slate-900">Safety advice</legend>
          <div className="grid gap-4 md:grid-cols-2">
            {SAFETY_TOPICS.map((topic) => (
              <div
                key={topic}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3"
              >
                <FormField
                  label={`${SAFETY_TOPIC_LABELS[topic]}: level`}
                  error={errors.safety?.[topic]?.level?.message}
                >
                  {(field) => (
                    <Select {...field} {...form.register(`safety.${topic}.level`)}>
                      {SAFETY_LEVELS.map((level) => (
                        <option key={level} value={level}>
                          {SAFETY_LEVEL_LABELS[level]}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                <FormField
                  label={`${SAFETY_TOPIC_LABELS[topic]}: advice`}
                  error={errors.safety?.[topic]?.advice?.message}
                >
                  {(field) => (
                    <Textarea {...field} rows={2} {...form.register(`safety.${topic}.advice`)} />
                  )}
                </FormField>
              </div>
            ))}
          </div>
        </fieldset>

        {textArea('howToTake', 'How to take it')}
        {textArea('missedDose', 'If a dose is missed')}
        {textArea('storage', 'Storage', 2)}

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold text-slate-900">Interactions</legend>
          {interactions.fields.length === 0 ? (
            <p className="text-sm text-slate-600">No interactions listed.</p>
          ) : null}
          {interactions.fields.map((row, index) => {
            const rowErrors = errors.interactions?.[index];
            return (
              <div
                key={row.id}
                role="group"
                aria-label={`Interaction ${index + 1}`}
                className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 md:grid-cols-2"
              >
                <FormField label="Interacts with" error={rowErrors?.with?.message}>
                  {(field) => <Input {...field} {...form.register(`interactions.${index}.with`)} />}
                </FormField>
                <FormField label="Severity" error={rowErrors?.severity?.message}>
                  {(field) => (
                    <Select {...field} {...form.register(`interactions.${index}.severity`)}>
                      {INTERACTION_SEVERITIES.map((severity) => (
                        <option key={severity} value={severity}>
                          {INTERACTION_SEVERITY_LABELS[severity]}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                <FormField label="Effect" error={rowErrors?.effect?.message}>
                  {(field) => (
                    <Textarea
                      {...field}
                      rows={2}
                      {...form.register(`interactions.${index}.effect`)}
                    />
                  )}
                </FormField>
                <FormField label="Advice" error={rowErrors?.advice?.message}>
                  {(field) => (
                    <Textarea
                      {...field}
                      rows={2}
                      {...form.register(`interactions.${index}.advice`)}
                    />
                  )}
                </FormField>
                <Button
                  type="button"
                  variant="quiet"
                  size="sm"
                  className="w-fit"
                  onClick={() => interactions.remove(index)}
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                >
                  Remove interaction {index + 1}
                </Button>
              </div>
            );
          })}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="w-fit"
            onClick={() =>
              interactions.append({ with: '', severity: 'moderate', effect: '', advice: '' })
            }
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add an interaction
          </Button>
          {errors.interactions?.message ? (
            <FieldError>{errors.interactions.message}</FieldError>
          ) : null}
        </fieldset>

        {save.isError ? <FieldError>{getErrorMessage(save.error)}</FieldError> : null}
        <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white/95 py-3">
          <Button
            type="submit"
            variant="secondary"
            isPending={save.isPending}
            icon={<Save aria-hidden="true" className="size-4" />}
          >
            Save draft
          </Button>
          <Button
            type="button"
            disabled={!medicine.draft || isDirty}
            title={
              !medicine.draft
                ? 'Save a draft first: the review publishes the saved draft.'
                : isDirty
                  ? 'Save your changes as a draft first.'
                  : undefined
            }
            onClick={() => setReviewing(true)}
            icon={<BadgeCheck aria-hidden="true" className="size-4" />}
          >
            Review and publish
          </Button>
        </div>
      </form>
      <ReviewDialog
        open={reviewing}
        onClose={() => setReviewing(false)}
        slug={salt.slug}
        saltName={salt.name}
        defaults={{
          reviewerName: review?.reviewerName ?? '',
          registrationNumber: review?.registrationNumber ?? '',
        }}
      />
    </>
  );
}

/**
 * Issue 30, /dashboard/medicines/{slug}: a salt's medicine information edited as structured
 * sections (lists as rows, the safety grid, interaction rows). Save draft never changes the public
 * page; Review and publish asks the pharmacist's name and registration number.
 */
export function MedicineEditor({ slug }: { slug: string }) {
  const { data, isPending, error, refetch } = useAdminMedicine(slug);
  return (
    <>
      <PageHeader
        title={data ? data.salt.name : 'Medicine information'}
        description="Edit the sections, save a draft, then have a pharmacist review and publish it."
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink
              to={paths.dashboard.medicines.getHref()}
              variant="secondary"
              icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            >
              All medicines
            </ButtonLink>
            {data ? (
              <Link
                to={paths.medicine.getHref(data.salt.slug)}
                className="inline-flex items-center gap-1 self-center text-sm font-semibold text-brand-700 hover:underline"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                Public page
              </Link>
            ) : null}
          </div>
        }
      />
      {isPending ? (
        <LoadingRegion label="Loading medicine information" className="flex flex-col gap-3">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-20 w-full" />
          ))}
        </LoadingRegion>
      ) : error || !data ? (
        <EmptyState
          title="We could not load this medicine's information."
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {getErrorMessage(error)}
        </EmptyState>
      ) : (
        <EditorForm key={data.salt.slug} medicine={data} />
      )}
    </>
  );
}
