import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { INTERACTION_OVERRIDE_LIMITS } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Textarea } from '../../../components/ui/form-field';

const REASON_NEEDED = 'Write the override reason to approve.';

/**
 * The end of both approval forms (a new transcription, a saved prescription): the override
 * reason when a major interaction or an allergy asks for it, the server's refusal, and Approve,
 * off with its reason said beside it until the override reason is written.
 */
export function ApproveControls({
  needsOverride,
  reasonField,
  reasonError,
  reasonMissing,
  serverError,
  isPending,
}: {
  needsOverride: boolean;
  reasonField: UseFormRegisterReturn<'overrideReason'>;
  reasonError: string | undefined;
  reasonMissing: boolean;
  serverError: string | null;
  isPending: boolean;
}) {
  const blockedId = useId();
  return (
    <>
      {needsOverride ? (
        <FormField
          label="Override reason"
          hint="This order has a major interaction or an allergy. Say why it may be dispensed; the reason is kept in the audit log and on this page."
          error={reasonError}
        >
          {(field) => (
            <Textarea
              {...field}
              {...reasonField}
              rows={3}
              maxLength={INTERACTION_OVERRIDE_LIMITS.reasonMax}
            />
          )}
        </FormField>
      ) : null}
      {serverError ? <FieldError>{serverError}</FieldError> : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {reasonMissing ? (
          <p id={blockedId} className="mr-auto text-sm text-slate-600">
            {REASON_NEEDED}
          </p>
        ) : null}
        <Button
          type="submit"
          disabled={reasonMissing}
          aria-describedby={reasonMissing ? blockedId : undefined}
          title={reasonMissing ? REASON_NEEDED : undefined}
          isPending={isPending}
          pendingText="Approving..."
          icon={<CircleCheck aria-hidden="true" className="size-4" />}
        >
          Approve
        </Button>
      </div>
    </>
  );
}
