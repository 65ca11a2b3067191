import {
  Ban,
  CircleCheck,
  CircleMinus,
  FileText,
  Info,
  PackageSearch,
  ShieldCheck,
  Stethoscope,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  INTERACTION_SEVERITY_LABELS,
  MEDICINE_MESSAGES,
  SAFETY_LEVEL_LABELS,
  SAFETY_TOPICS,
  SAFETY_TOPIC_LABELS,
  formatMoney,
  type InteractionSeverity,
  type MedicineContent,
  type MedicineProduct,
  type MedicineReview,
  type SafetyLevel,
} from '@pharmacy/shared';
import { NotFound } from '../../../components/errors/not-found';
import { ServerHtml } from '../../../components/ui/server-html';
import { Container } from '../../../components/layouts/container';
import { Button } from '../../../components/ui/button';
import { DocumentTitle } from '../../../components/ui/document-title';
import { EmptyState } from '../../../components/ui/empty-state';
import { HydrateLater } from '../../../components/ui/hydrate-later';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatShortDate } from '../../../lib/format-date';
import { useShopSettings } from '../../../lib/shop-settings';
import { useMedicine, type MedicinePage as MedicinePageData } from '../api/get-medicine';

/** Each level has its icon and its word: never told by colour alone (DESIGN.md). */
const LEVEL_STYLE: Record<SafetyLevel, { Icon: LucideIcon; className: string }> = {
  safe: { Icon: CircleCheck, className: 'bg-green-50 text-green-800 ring-green-200' },
  'safe-if-prescribed': {
    Icon: ShieldCheck,
    className: 'bg-green-50 text-green-800 ring-green-200',
  },
  caution: { Icon: TriangleAlert, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  'consult-doctor': { Icon: Stethoscope, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  unsafe: { Icon: Ban, className: 'bg-red-50 text-red-800 ring-red-200' },
  'not-applicable': { Icon: CircleMinus, className: 'bg-slate-100 text-slate-700 ring-slate-300' },
};

const SEVERITY_STYLE: Record<InteractionSeverity, string> = {
  major: 'bg-red-50 text-red-800 ring-red-200',
  moderate: 'bg-amber-50 text-amber-900 ring-amber-200',
  minor: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function SafetyLevelBadge({ level }: { level: SafetyLevel }) {
  const { Icon, className } = LEVEL_STYLE[level];
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1.5 rounded-md px-2 py-0.5 text-sm font-semibold ring-1',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {SAFETY_LEVEL_LABELS[level]}
    </span>
  );
}

function Section({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-3', className)}>
      <h2 id={id} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-1.5 pl-5 text-base text-slate-800">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function SafetyGrid({ safety }: { safety: MedicineContent['safety'] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {SAFETY_TOPICS.map((topic) => (
        <div
          key={topic}
          className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
        >
          <dt className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-base font-semibold text-slate-900">
              {SAFETY_TOPIC_LABELS[topic]}
            </span>
            <SafetyLevelBadge level={safety[topic].level} />
          </dt>
          <dd className="text-sm text-slate-700">{safety[topic].advice}</dd>
        </div>
      ))}
    </dl>
  );
}

function Interactions({ interactions }: { interactions: MedicineContent['interactions'] }) {
  if (interactions.length === 0)
    return (
      <p className="text-base text-slate-700">
        We know of no important interactions. Tell your doctor or pharmacist about every medicine
        and supplement you take.
      </p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {interactions.map((interaction, index) => (
        <li
          key={index}
          className="flex flex-col gap-1.5 rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-slate-900">{interaction.with}</h3>
            <span
              className={cn(
                'rounded-md px-2 py-0.5 text-xs font-semibold ring-1',
                SEVERITY_STYLE[interaction.severity],
              )}
            >
              {INTERACTION_SEVERITY_LABELS[interaction.severity]} interaction
            </span>
          </div>
          <p className="text-sm text-slate-700">{interaction.effect}</p>
          <p className="text-sm text-slate-900">
            <span className="font-semibold">What to do: </span>
            {interaction.advice}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The pharmacist's review and the note that this is not a doctor's advice. */
export function ReviewedBy({ review }: { review: MedicineReview | null }) {
  return (
    <aside
      aria-label="Medical review"
      className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800"
    >
      {review ? (
        <>
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
            Reviewed by {review.reviewerName}, registered pharmacist
          </p>
          <p>Registration number: {review.registrationNumber}</p>
          <p>
            Last reviewed:{' '}
            <time dateTime={review.reviewedAt}>{formatShortDate(review.reviewedAt)}</time>
          </p>
        </>
      ) : null}
      <p className="flex gap-2">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        {MEDICINE_MESSAGES.notAdvice}
      </p>
    </aside>
  );
}

/** 'Save ₹41.50 (66%)' against the dearest product with the same salt. */
export function medicineSavingsText(
  product: MedicineProduct,
  currencySymbol: string,
): string | null {
  if (product.savingsPerUnit <= 0) return null;
  return `Save ${formatMoney(product.savingsPerUnit, currencySymbol)} (${product.savingsPercent}%)`;
}

function Products({
  data,
  renderProduct,
}: {
  data: MedicinePageData;
  renderProduct: (product: MedicineProduct, note: ReactNode) => ReactNode;
}) {
  const { currencySymbol } = useShopSettings();
  const { salt, products, productCount } = data;
  return (
    <Section title={`Medicines containing ${salt.name}`}>
      <p className="text-sm text-slate-600">
        Cheapest first; the savings compare each with the dearest brand of the same salt. Ask your
        doctor or our pharmacist before switching brands.
      </p>
      {products.length === 0 ? (
        <EmptyState icon={<PackageSearch className="size-8" />} title="No products found.">
          No product with this salt composition is available right now.
        </EmptyState>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
            {products.map((product) => {
              const saving = medicineSavingsText(product, currencySymbol);
              return (
                // Issue 30 (TBT): each server-rendered card is hydrated in a task of its own.
                <HydrateLater key={product.id} id={`medicine-product-${product.id}`}>
                  <li className="render-when-visible">
                    {renderProduct(
                      product,
                      saving ? (
                        <p className="w-fit rounded-md bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-800">
                          {saving}
                        </p>
                      ) : null,
                    )}
                  </li>
                </HydrateLater>
              );
            })}
          </ul>
          {productCount > products.length ? (
            <Link
              to={paths.shop.getHref({ saltCompositionId: salt.id })}
              className="w-fit text-base font-semibold text-brand-700 hover:underline"
            >
              See all {productCount} products with {salt.name}
            </Link>
          ) : null}
        </>
      )}
    </Section>
  );
}

function MedicineContentSections({ content }: { content: MedicineContent }) {
  return (
    <>
      <Section title="What it is used for">
        <BulletList items={content.uses} />
      </Section>
      <Section title="How it works">
        <p className="text-base text-slate-800">{content.howItWorks}</p>
      </Section>
      <Section title="Side effects">
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-2">
            <h3 className="text-base font-semibold text-slate-900">Common side effects</h3>
            {content.sideEffectsCommon.length > 0 ? (
              <BulletList items={content.sideEffectsCommon} />
            ) : (
              <p className="text-sm text-slate-700">None commonly reported.</p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <TriangleAlert aria-hidden="true" className="size-4 text-amber-700" />
              Serious side effects: get medical help
            </h3>
            {content.sideEffectsSerious.length > 0 ? (
              <BulletList items={content.sideEffectsSerious} />
            ) : (
              <p className="text-sm text-slate-700">None known.</p>
            )}
          </div>
        </div>
      </Section>
      <Section title="Safety advice">
        <SafetyGrid safety={content.safety} />
      </Section>
      <Section title="How to take it">
        <p className="text-base text-slate-800">{content.howToTake}</p>
        <h3 className="text-base font-semibold text-slate-900">If you miss a dose</h3>
        <p className="text-base text-slate-800">{content.missedDose}</p>
      </Section>
      <Section title="Storage">
        <p className="text-base text-slate-800">{content.storage}</p>
      </Section>
      <Section title="Interactions">
        <Interactions interactions={content.interactions} />
      </Section>
    </>
  );
}

function MedicineSkeleton() {
  return (
    <LoadingRegion label="Loading medicine information" className="flex flex-col gap-6">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-5/6" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/**
 * Issue 30 point 5, /medicine/{slug}: what a salt composition is for, how it works, its side
 * effects, safety advice, how to take and store it, its interactions, the products containing it
 * cheapest first, and the pharmacist's review. Products are drawn by `renderProduct` (the
 * catalogue's card and the cart's button, composed by the route: features stay apart).
 */
export function MedicineInformationPage({
  slug,
  renderProduct,
}: {
  slug: string;
  renderProduct: (product: MedicineProduct, note: ReactNode) => ReactNode;
}) {
  const { data, isPending, error, refetch } = useMedicine(slug);

  if (error instanceof ApiError && error.statusCode === 404) return <NotFound />;

  return (
    <HydrateLater id="medicine-page">
      <Container className="flex flex-col gap-8 py-6 sm:py-8">
        {isPending ? (
          <MedicineSkeleton />
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
          <>
            <DocumentTitle title={`${data.salt.name}: uses, side effects and safety`} />
            <header className="flex flex-col gap-3">
              <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
                <Link to={paths.saltCompositions.getHref()} className="hover:underline">
                  Salt Compositions
                </Link>
                <span aria-hidden="true"> / </span>
                <span aria-current="page">{data.salt.name}</span>
              </nav>
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{data.salt.name}</h1>
              {data.content ? (
                <p className="max-w-3xl text-base text-slate-800 sm:text-lg">
                  {data.content.summary}
                </p>
              ) : null}
              {data.prescription === 'required' ? (
                <p className="flex w-fit items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
                  <FileText aria-hidden="true" className="size-4" />
                  Prescription required: medicines with this salt are sold against a valid
                  prescription.
                </p>
              ) : null}
            </header>
            {data.content ? (
              <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
                <ServerHtml id="medicine-content" className="flex flex-col gap-8">
                  <MedicineContentSections content={data.content} />
                </ServerHtml>
                <div className="lg:sticky lg:top-32 lg:self-start">
                  <ReviewedBy review={data.review} />
                </div>
              </div>
            ) : (
              <div className="flex flex-col gap-4">
                <p className="flex max-w-3xl gap-2 rounded-xl border border-slate-200 bg-white p-4 text-base text-slate-800">
                  <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  {MEDICINE_MESSAGES.preparing}
                </p>
              </div>
            )}
            <Products data={data} renderProduct={renderProduct} />
          </>
        )}
      </Container>
    </HydrateLater>
  );
}
