import type { OrderDetailResponse, Prescription } from '@pharmacy/shared';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { useLineProducts } from '../api/get-line-products';
import type { useReviewPrescription } from '../api/review-prescription';
import { initialTranscription } from '../lib/transcription';
import { needsOverride } from './review-interactions';
import { SavedApproval } from './saved-approval';
import { TranscriptionForm } from './transcription-form';

/**
 * The right-hand column while the order waits for review: the transcription form, started with
 * one line per prescription product (read with its salt and strength from the catalogue).
 */
export function TranscriptionColumn({
  detail,
  pending,
  review,
}: {
  detail: OrderDetailResponse;
  pending: readonly Prescription[];
  review: ReturnType<typeof useReviewPrescription>;
}) {
  const serverError = review.isError ? getErrorMessage(review.error) : null;
  const override = needsOverride(detail.interactions ?? []);
  // A reused saved prescription is approved as saved: no new transcription (issue 31 point 3).
  const saved = pending.every((row) => row.savedPrescription)
    ? pending[0]?.savedPrescription
    : null;
  const productIds = detail.orderDetails.flatMap((line) =>
    line.prescription && line.product ? [line.product.id] : [],
  );
  const { products, isPending } = useLineProducts(saved ? [] : productIds);
  if (saved)
    return (
      <SavedApproval
        saved={saved}
        needsOverride={override}
        isPending={review.isPending}
        serverError={serverError}
        onApprove={(overrideReason) =>
          review.mutate({
            decision: 'approve',
            ...(overrideReason ? { interactionOverrideReason: overrideReason } : {}),
          })
        }
      />
    );
  if (isPending)
    return (
      <LoadingRegion label="Loading the transcription form" className="flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-32 w-full" />
      </LoadingRegion>
    );
  return (
    <TranscriptionForm
      initial={initialTranscription(detail.orderDetails, products)}
      products={products}
      needsOverride={override}
      {...(detail.dispensing.prescriptionValidity
        ? { validitySettings: detail.dispensing.prescriptionValidity }
        : {})}
      isPending={review.isPending}
      serverError={serverError}
      onApprove={({ overrideReason, ...transcription }) =>
        review.mutate({
          decision: 'approve',
          transcription,
          ...(overrideReason ? { interactionOverrideReason: overrideReason } : {}),
        })
      }
    />
  );
}
