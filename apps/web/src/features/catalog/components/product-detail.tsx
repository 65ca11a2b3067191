import {
  ArrowLeft,
  CircleCheck,
  CircleX,
  FileText,
  PackageSearch,
  ShieldCheck,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  discountPercent,
  formatMoney,
  isLowStock,
  LIMITS,
  MESSAGES,
  savedAmount,
} from '@pharmacy/shared';
import { ButtonLink } from '../../../components/ui/button';
import { DocumentTitle } from '../../../components/ui/document-title';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useShopSettings } from '../../../lib/shop-settings';
import { pageArrivedAt } from '../../../lib/page-arrival';
import { isServerRenderedPage } from '../../../lib/server-rendered';
import { notify } from '../../../lib/toast';
import { useProduct } from '../api/get-product';
import type { Product } from '../types';
import { NotifyMe, useStockAlertPrefetch } from './notify-me';
import { isScheduled, NotSoldOnlineNote, ScheduleBadge } from './product-card';
import { ProductImage, productImageUrl, responsiveImageProps } from './product-image';
import { ProductSubstitutes } from './product-substitutes';

/**
 * Spec §2: the product page's loader shows for 500 ms, counted from the shopper's arrival on the
 * page. On the first page of a tab the page skeleton was already that loader while the page's
 * code downloaded, so that time counts too instead of adding 500 ms after it (issue 8, LCP).
 */
function useMinimumDelay(ms: number, since: number): boolean {
  const [elapsed, setElapsed] = useState(() => performance.now() - since >= ms);
  useEffect(() => {
    const remaining = ms - (performance.now() - since);
    if (remaining <= 0) return setElapsed(true);
    const timer = setTimeout(() => setElapsed(true), remaining);
    return () => clearTimeout(timer);
  }, [ms, since]);
  return elapsed;
}

/** The gallery is at most 24rem wide on a phone and 480 px beside the details from md up. */
const GALLERY_SIZE = 480;
const GALLERY_SIZES = '(min-width: 768px) 480px, 384px';

/**
 * Starts downloading the product's main image while the loader still shows, with the gallery's
 * own srcset and sizes so the browser fetches the same variant the gallery will then show.
 */
function usePreloadedImage(product: Product | undefined): void {
  const first = product?.images[0];
  const src = product ? productImageUrl(product.name, first?.url) : undefined;
  const { srcSet, sizes } = responsiveImageProps(first, GALLERY_SIZE, GALLERY_SIZES);
  useEffect(() => {
    if (!src) return;
    const image = new Image();
    image.fetchPriority = 'high';
    if (srcSet && sizes) {
      // sizes and srcset before src: setting src first would start the original's download.
      image.sizes = sizes;
      image.srcset = srcSet;
    }
    image.src = src;
  }, [src, srcSet, sizes]);
}

function ProductDetailSkeleton() {
  return (
    <LoadingRegion label="Loading product" className="grid gap-8 md:grid-cols-2">
      <Skeleton className="aspect-square w-full" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-2/5" />
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-12 w-56" />
      </div>
    </LoadingRegion>
  );
}

function ProductGallery({ product }: { product: Product }) {
  const [selected, setSelected] = useState(0);
  const images = product.images;
  const current = images[selected] ?? images[0];

  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-3 md:max-w-none">
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white p-4">
        <ProductImage
          name={
            images.length > 1
              ? `${product.name}, image ${selected + 1} of ${images.length}`
              : product.name
          }
          image={current}
          placeholderName={product.name}
          size={GALLERY_SIZE}
          sizes={GALLERY_SIZES}
          eager
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-pressed={index === selected}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                className={cn(
                  'block size-16 overflow-hidden rounded-lg border-2 bg-white p-1 sm:size-20',
                  index === selected
                    ? 'border-brand-700'
                    : 'border-slate-200 hover:border-slate-400',
                )}
              >
                <img
                  src={image.url}
                  {...responsiveImageProps(image, 80)}
                  alt=""
                  loading="lazy"
                  className="size-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function StockStatus({ quantity }: { quantity: number }) {
  const inStock = quantity > 0;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {inStock ? (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800 ring-1 ring-green-200">
          <CircleCheck aria-hidden="true" className="size-4" />
          In stock
        </span>
      ) : (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-800 ring-1 ring-red-200">
          <CircleX aria-hidden="true" className="size-4" />
          Out of stock
        </span>
      )}
      <p
        className={cn(
          'text-sm',
          isLowStock(quantity) ? 'font-semibold text-red-700' : 'text-slate-700',
        )}
      >
        Available stock: {Math.max(quantity, 0)}
        {inStock && isLowStock(quantity) ? ' (only a few left)' : ''}
      </p>
    </div>
  );
}

function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 py-1.5">
      <dt className="w-36 shrink-0 text-sm text-slate-600">{term}</dt>
      <dd className="min-w-0 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function ProductInformation({
  product,
  cartAction,
  delivery,
}: {
  product: Product;
  cartAction: ReactNode;
  delivery: ReactNode;
}) {
  const { currencySymbol } = useShopSettings();
  const discount = discountPercent(product.maximumRetailPrice, product.offerPrice);
  const saved = savedAmount(product.maximumRetailPrice, product.offerPrice);
  const inStock = product.quantity > 0;
  const { schedule } = product;
  let cartArea: ReactNode;
  if (!schedule.onlineSale) cartArea = <NotSoldOnlineNote className="p-3 text-sm" />;
  else if (inStock) cartArea = cartAction;
  else cartArea = <NotifyMe productId={product.id} />;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
        {product.prescription || isScheduled(schedule) ? (
          <div className="flex flex-wrap items-center gap-2">
            {product.prescription ? (
              <p
                title="Prescription required"
                className="inline-flex w-fit items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200"
              >
                <FileText aria-hidden="true" className="size-4" />
                Prescription required
              </p>
            ) : null}
            {isScheduled(schedule) ? (
              <p>
                <ScheduleBadge schedule={schedule} className="px-2 py-1 text-sm" />
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4 py-2">
        <DetailRow term="Division">
          <Link
            to={paths.shop.getHref({ divisionId: product.division.id })}
            className="text-brand-700 hover:underline"
          >
            {product.division.name}
          </Link>
        </DetailRow>
        <DetailRow term="Manufacturer">
          <Link
            to={paths.shopBrand.getHref(product.manufacturer.id)}
            className="text-brand-700 hover:underline"
          >
            {product.manufacturer.name}
          </Link>
        </DetailRow>
        <DetailRow term="Salt composition">
          {/* Issue 30: the salt's medicine information page (uses, side effects, substitutes). */}
          {product.saltComposition?.slug ? (
            <Link
              to={paths.medicine.getHref(product.saltComposition.slug)}
              className="text-brand-700 hover:underline"
            >
              {product.saltComposition.name}
            </Link>
          ) : (
            (product.saltComposition?.name ?? 'N/A')
          )}
        </DetailRow>
        {product.dosageForm ? <DetailRow term="Dosage form">{product.dosageForm}</DetailRow> : null}
        {product.strength ? <DetailRow term="Strength">{product.strength}</DetailRow> : null}
        {product.packSize ? <DetailRow term="Pack size">{product.packSize}</DetailRow> : null}
        {/* Issue 19: said before buying, as the return form says it after. */}
        {product.returnable === false ? (
          <DetailRow term="Returns">Cannot be returned once delivered</DetailRow>
        ) : null}
      </dl>

      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-3xl font-bold text-slate-900">
            <span className="sr-only">Offer price </span>
            {formatMoney(product.offerPrice, currencySymbol)}
          </span>
          <span className="text-base text-slate-500">
            MRP <s>{formatMoney(product.maximumRetailPrice, currencySymbol)}</s>
          </span>
          {discount > 0 ? (
            <span className="rounded-md bg-accent-50 px-2 py-0.5 text-sm font-semibold text-accent-800 ring-1 ring-accent-100">
              {discount}% off
            </span>
          ) : null}
        </div>
        {saved > 0 ? (
          <p className="text-sm font-semibold text-accent-800">
            You Saved {formatMoney(saved, currencySymbol)} ({discount}%)
          </p>
        ) : null}
        <p className="text-xs text-slate-600">Inclusive of all taxes</p>
      </div>

      <StockStatus quantity={product.quantity} />

      <div className="flex flex-col gap-3">{cartArea}</div>

      {schedule.onlineSale ? delivery : null}

      <p className="flex items-start gap-2 text-sm text-slate-600">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        Genuine medicines from licensed distributors, checked by our pharmacists.
      </p>
    </div>
  );
}

function ProductNotFound() {
  return (
    <EmptyState
      icon={<PackageSearch className="size-8" />}
      title="No product found."
      action={
        <ButtonLink
          to={paths.shop.getHref()}
          variant="secondary"
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
        >
          Back to shop
        </ButtonLink>
      }
    />
  );
}

/**
 * Spec §2 product page: name, division, manufacturer (to /shop/brand/{id}), salt composition or
 * N/A, MRP struck through, offer price and discount, images, stock badge, available stock (red
 * under 5), the cart controls (passed in: the cart feature owns them) or 'Notify me when
 * available', and the substitutes with the same salt. The loader shows for at least 500 ms; a
 * product that cannot be loaded toasts 'Product not found' and goes back (spec §8), or shows
 * 'No product found.' when there is nowhere to go back to.
 */
export function ProductDetail({
  productId,
  renderCartAction,
  renderAction,
  renderDelivery,
}: {
  productId: number;
  renderCartAction?: (product: Product) => ReactNode;
  renderAction?: (product: Product) => ReactNode;
  /** Issue 29: the delivery promise for the shopper's pincode (the delivery feature's). */
  renderDelivery?: (product: Product) => ReactNode;
}) {
  const validId = Number.isInteger(productId) && productId > 0;
  const navigate = useNavigate();
  const location = useLocation();
  // Issue 30: a page the server rendered already shows the product (or its absence): no loader.
  const fromServer = isServerRenderedPage(location.key);
  const minimumElapsed =
    useMinimumDelay(LIMITS.productLoaderMs, pageArrivedAt(location.key)) || fromServer;
  const { data: product, isPending, isError } = useProduct(productId);
  usePreloadedImage(product);
  // Issue 17: asked while the loader still shows, so 'We'll e-mail you' is there with the page.
  useStockAlertPrefetch(productId, product);
  const failed = !validId || isError;
  const reported = useRef(false);

  useEffect(() => {
    if (!failed || !minimumElapsed || reported.current) return;
    reported.current = true;
    notify.error(MESSAGES.productNotFoundToast);
    // 'default' is the first page of the session: there is nothing to go back to.
    if (location.key !== 'default') navigate(-1);
  }, [failed, minimumElapsed, location.key, navigate]);

  if (!minimumElapsed || (validId && isPending)) {
    return (
      <>
        <DocumentTitle title="Product" />
        <ProductDetailSkeleton />
      </>
    );
  }

  if (failed || !product) {
    return (
      <>
        <DocumentTitle title="No product found" />
        <h1 className="sr-only">Product details</h1>
        <ProductNotFound />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-12">
      <DocumentTitle title={product.name} />
      <div className="flex flex-col gap-4">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to={paths.home.getHref()} className="hover:text-brand-700 hover:underline">
                Home
              </Link>
              <span aria-hidden="true"> / </span>
            </li>
            <li>
              <Link to={paths.shop.getHref()} className="hover:text-brand-700 hover:underline">
                Shop
              </Link>
              <span aria-hidden="true"> / </span>
            </li>
            <li>
              <Link
                to={paths.shop.getHref({ divisionId: product.division.id })}
                className="hover:text-brand-700 hover:underline"
              >
                {product.division.name}
              </Link>
              <span aria-hidden="true"> / </span>
            </li>
            <li aria-current="page" className="font-medium text-slate-800">
              {product.name}
            </li>
          </ol>
        </nav>
        <div className="grid gap-8 md:grid-cols-2">
          <ProductGallery product={product} />
          <ProductInformation
            product={product}
            cartAction={renderCartAction?.(product)}
            delivery={renderDelivery?.(product)}
          />
        </div>
      </div>
      {product.description ? (
        <section aria-labelledby="product-description" className="max-w-3xl">
          <h2 id="product-description" className="mb-2 text-xl font-bold text-slate-900">
            About this product
          </h2>
          <p className="text-base leading-relaxed text-slate-700">{product.description}</p>
        </section>
      ) : null}
      <ProductSubstitutes product={product} renderAction={renderAction} />
    </div>
  );
}
