import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, FileUp, MessageSquarePlus, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import {
  MESSAGES,
  PRESCRIPTION_MAX_FILES,
  PRESCRIPTION_TEXT,
  PRESCRIPTION_UPLOAD_MESSAGES,
  prescriptionUploadFormSchema,
  type PrescriptionUploadFormValues,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Textarea } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { usePatients } from '../api/get-patients';
import { useUploadPrescription } from '../api/upload-prescription';
import {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_TYPES_LABEL,
  selectFiles,
  type FileSelection,
} from '../lib/file-rules';
import { FilePreview } from './file-preview';
import { defaultPatientId, PatientChoice, readPassedPatientId } from './patient-choice';

const resolver = zodResolver(prescriptionUploadFormSchema);

const isFile = (value: unknown): value is File => value instanceof File;

/**
 * Spec §2 / §5 prescription upload: a drop zone (drag and drop, or the keyboard-reachable file
 * picker), previews with remove, the optional comment and 'Upload Prescription'. Files breaking
 * the rules are refused with the spec's messages before anything is sent.
 */
export function PrescriptionUpload({
  orderId,
  disabled = false,
}: {
  orderId: number;
  disabled?: boolean;
}) {
  const upload = useUploadPrescription(orderId);
  const location = useLocation();
  const patients = usePatients();
  // Until the member picks one, the default follows the list (it may arrive after the page).
  const [pickedPatientId, setPickedPatientId] = useState<number | null | undefined>(undefined);
  const patientId =
    pickedPatientId !== undefined
      ? pickedPatientId
      : defaultPatientId(patients.data ?? [], readPassedPatientId(location.state));
  const inputId = useId();
  const typesId = useId();
  const commentId = useId();
  const filesErrorId = useId();
  // Each chosen file keeps its list key while others are added or removed.
  const nextKey = useRef(0);
  const keys = useRef(new WeakMap<File, number>());
  const [rejected, setRejected] = useState<FileSelection<File>['rejected']>([]);
  const [dragging, setDragging] = useState(false);
  const [commentOpen, setCommentOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<PrescriptionUploadFormValues>({
    resolver,
    defaultValues: { files: [], comment: '' },
  });
  const chosen = watch('files').filter(isFile);
  const busy = upload.isPending;
  const locked = disabled || busy;

  function keyOf(file: File): number {
    let key = keys.current.get(file);
    if (key === undefined) {
      key = nextKey.current++;
      keys.current.set(file, key);
    }
    return key;
  }

  function setFiles(files: File[]) {
    setValue('files', files, { shouldValidate: isSubmitted });
  }

  function addFiles(files: FileList | null) {
    if (!files || locked) return;
    const selection = selectFiles(chosen, Array.from(files));
    setRejected(selection.rejected);
    setFiles([...chosen, ...selection.accepted]);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  }

  const onSubmit = handleSubmit(({ files, comment }) => {
    // The pending flag disables the button; this guards a second click in the same frame too.
    if (locked || upload.isPending) return;
    upload.mutate(
      { files: files.filter(isFile), comment, patientId },
      {
        onSuccess: () => {
          reset();
          setRejected([]);
        },
      },
    );
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${inputId}-heading`}
      noValidate
    >
      <h3 id={`${inputId}-heading`} className="text-lg font-semibold text-slate-900">
        {PRESCRIPTION_TEXT.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        A clear photo or scan of a valid prescription from your doctor. Up to{' '}
        {PRESCRIPTION_MAX_FILES} files.
      </p>

      <PatientChoice
        patients={patients.data}
        isPending={patients.isPending}
        value={patientId}
        onChange={setPickedPatientId}
        disabled={locked}
      />

      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPTED_EXTENSIONS}
        disabled={locked}
        aria-describedby={errors.files ? `${typesId} ${filesErrorId}` : typesId}
        aria-invalid={errors.files ? true : undefined}
        className="peer sr-only"
        onChange={(event) => {
          addFiles(event.target.files);
          event.target.value = ''; // the same file can be chosen again after removing it
        }}
      />
      <label
        htmlFor={inputId}
        title={disabled ? PRESCRIPTION_TEXT.disabled : PRESCRIPTION_TEXT.dropZoneHover}
        onDragOver={(event) => {
          event.preventDefault();
          if (!locked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'mt-4 flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
          locked
            ? 'cursor-not-allowed border-slate-300 bg-slate-100 text-slate-500'
            : dragging
              ? 'border-brand-700 bg-brand-50 text-brand-800'
              : 'border-slate-300 bg-slate-50 text-slate-700 hover:border-brand-700 hover:bg-brand-50',
        )}
      >
        <FileUp aria-hidden="true" className="size-8" />
        <span className="text-base font-semibold">
          {disabled ? PRESCRIPTION_TEXT.disabled : PRESCRIPTION_TEXT.dropZoneHover}
        </span>
        {disabled ? null : (
          <span className="text-sm">Drag and drop files here, or click to browse</span>
        )}
      </label>
      <p id={typesId} className="mt-2 text-xs text-slate-600">
        Accepted types: {ACCEPTED_TYPES_LABEL}. Up to 5 MB each.
      </p>
      {errors.files ? (
        <div className="mt-2">
          <FieldError id={filesErrorId}>{errors.files.message}</FieldError>
        </div>
      ) : null}

      {rejected.length > 0 ? (
        <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <p className="flex items-center gap-2 font-semibold text-red-800">
            <CircleAlert aria-hidden="true" className="size-4" />
            {MESSAGES.fileWidgetError}
          </p>
          <ul className="mt-1 list-disc pl-6 text-red-800">
            {rejected.map(({ file, error }, index) => (
              <li key={`${file.name}-${index}`}>
                {file.name}: {error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {chosen.length > 0 ? (
        <ul aria-label="Chosen files" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {chosen.map((file) => (
            <FilePreview
              key={keyOf(file)}
              file={file}
              disabled={busy}
              onRemove={() => setFiles(chosen.filter((other) => other !== file))}
            />
          ))}
        </ul>
      ) : null}

      <div className="mt-4">
        <button
          type="button"
          aria-expanded={commentOpen}
          aria-controls={commentId}
          onClick={() => setCommentOpen((open) => !open)}
          className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          {PRESCRIPTION_TEXT.commentToggle}
        </button>
        <div id={commentId} hidden={!commentOpen} className="mt-3">
          <FormField label={PRESCRIPTION_TEXT.commentLabel} error={errors.comment?.message}>
            {(field) => (
              <Textarea
                {...field}
                rows={3}
                maxLength={500}
                placeholder={PRESCRIPTION_TEXT.commentPlaceholder}
                disabled={locked}
                {...register('comment')}
              />
            )}
          </FormField>
        </div>
      </div>

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          disabled={disabled || chosen.length === 0}
          isPending={busy}
          pendingText="Uploading..."
          icon={<Upload aria-hidden="true" className="size-4" />}
          title={
            disabled
              ? PRESCRIPTION_TEXT.disabled
              : chosen.length === 0
                ? PRESCRIPTION_UPLOAD_MESSAGES.noFiles.replace(/\.$/, '')
                : undefined
          }
        >
          {PRESCRIPTION_TEXT.button}
        </Button>
        {chosen.length === 0 && !disabled ? (
          <span className="text-sm text-slate-600">{PRESCRIPTION_UPLOAD_MESSAGES.noFiles}</span>
        ) : null}
      </div>
    </form>
  );
}
