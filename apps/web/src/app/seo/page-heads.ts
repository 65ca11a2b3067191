import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { isPrivatePath, type ShopSettings } from '@pharmacy/shared';
import { paths } from '../../config/paths';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { manufacturersQueryOptions } from '../../features/catalog/api/get-manufacturers';
import {
  readProductFilter,
  type ProductFilter,
} from '../../features/catalog/hooks/use-product-filter';
import { faqs } from '../../features/site/components/faq-list';
import {
  breadcrumbJsonLd,
  faqPageJsonLd,
  pharmacyJsonLd,
  productJsonLd,
  type BreadcrumbItem,
} from '../../features/seo/structured-data';
import { clampDescription, type PageHead } from '../../lib/page-head';

/**
 * Where a page stands for search engines (issue 30): indexable public content, a public page that
 * must not be indexed (search results, a missing product), or a private page.
 */
export interface ResolvedPage {
  /** 200, or 404 for an unknown path, product or brand. */
  status: 200 | 404;
  head: PageHead;
}

/** The public pages the server renders (issue 30, point 1), besides /product/{id} and /shop. */
const STATIC_PAGES: Record<string, { title?: string; description: (shop: string) => string }> = {
  [paths.home.path]: {
    description: (shop) =>
      `${shop}: order genuine medicines, health supplements and wellness products online, checked by our pharmacists and delivered to your door across India.`,
  },
  [paths.about.path]: {
    title: 'About us',
    description: (shop) =>
      `Who we are: ${shop}, a licensed online pharmacy with registered pharmacists, genuine medicines from licensed distributors and delivery across India.`,
  },
  [paths.faq.path]: {
    title: 'Frequently asked questions',
    description: (shop) =>
      `Answers about ordering from ${shop}: prescriptions, delivery, payment, returns and your account.`,
  },
  [paths.contact.path]: {
    title: 'Contact us',
    description: (shop) =>
      `Write to ${shop} or call us: questions about medicines, orders, prescriptions or delivery.`,
  },
  [paths.divisions.path]: {
    title: 'Shop by Divisions',
    description: (shop) =>
      `Every health category at ${shop}: pain relief, diabetes care, cardiac care, vitamins, skin care and more.`,
  },
  [paths.manufacturers.path]: {
    title: 'Shop by Manufacturers',
    description: (shop) => `Medicines and health products at ${shop} by manufacturer and brand.`,
  },
  [paths.saltCompositions.path]: {
    title: 'Shop by Salt Compositions',
    description: (shop) =>
      `Find medicines by their salt composition at ${shop}, compare substitutes and read what each medicine is for.`,
  },
};

/** "Title | Shop", the form DocumentTitle gives every page, so the browser keeps the same title. */
export function fullTitle(shopName: string, title?: string): string {
  return title ? `${title} | ${shopName}` : `${shopName} – Your Online Pharmacy`;
}

/**
 * The canonical address of a shop listing: the filter without the sort (sorting does not change
 * what the page lists), the manufacturer-only listing under its pretty alias /shop/brand/{id},
 * and the DECISIONS alias salCompositionId spelt saltCompositionId.
 */
export function canonicalShopPath(filter: ProductFilter): string {
  const params = new URLSearchParams();
  const brandOnly =
    filter.manufacturerId > 0 &&
    filter.divisionId <= 0 &&
    filter.saltCompositionId <= 0 &&
    !filter.search;
  if (filter.search) params.set('search', filter.search);
  if (filter.divisionId > 0) params.set('divisionId', String(filter.divisionId));
  if (filter.manufacturerId > 0 && !brandOnly)
    params.set('manufacturerId', String(filter.manufacturerId));
  if (filter.saltCompositionId > 0)
    params.set('saltCompositionId', String(filter.saltCompositionId));
  if (filter.page > 1) params.set('page', String(filter.page));
  const base = brandOnly ? paths.shopBrand.getHref(filter.manufacturerId) : paths.shop.path;
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

export interface PageHeadContext {
  pathname: string;
  search: string;
  queryClient: QueryClient;
  shop: ShopSettings;
  /** The shop's public origin, for the absolute URLs structured data needs. */
  origin: string;
  /** Extra resolvers for pages of other features (the medicine pages), tried first. */
  extra?: readonly ((context: PageHeadContext) => ResolvedPage | undefined)[];
}

function notFound(context: PageHeadContext, title = 'Page not found'): ResolvedPage {
  return {
    status: 404,
    head: {
      title: fullTitle(context.shop.shopName, title),
      description: clampDescription(`This page was not found at ${context.shop.shopName}.`),
      canonicalPath: context.pathname,
      noindex: true,
    },
  };
}

/**
 * The head and status of a page from what its components read (the same query cache), so the
 * server's <head> and status agree with the HTML it rendered, and the browser computes the same
 * after a navigation.
 */
export function resolvePageHead(context: PageHeadContext): ResolvedPage {
  const { pathname, search, queryClient, shop } = context;
  for (const resolve of context.extra ?? []) {
    const resolved = resolve(context);
    if (resolved) return resolved;
  }
  const shopName = shop.shopName;

  if (isPrivatePath(pathname)) {
    return {
      status: 200,
      head: {
        title: fullTitle(shopName),
        description: STATIC_PAGES[paths.home.path]?.description(shopName) ?? '',
        canonicalPath: pathname,
        noindex: true,
      },
    };
  }

  const productMatch = matchPath(paths.product.path, pathname);
  if (productMatch) {
    const id = productMatch.params.id ?? '';
    // Spec §2: the product page's own empty state, 'No product found.', is its not-found page.
    const product = /^\d+$/.test(id)
      ? queryClient.getQueryData(productQueryOptions(Number(id)).queryKey)
      : undefined;
    if (!product) return notFound(context, 'No product found');
    const facts = [
      product.saltComposition ? `${product.saltComposition.name}` : undefined,
      `by ${product.manufacturer.name}`,
      product.prescription ? 'Prescription required' : undefined,
    ].filter(Boolean);
    return {
      status: 200,
      head: {
        title: fullTitle(shopName, product.name),
        description: clampDescription(
          `Buy ${product.name} online at ₹${product.offerPrice.toFixed(2)} (MRP ₹${product.maximumRetailPrice.toFixed(2)}). ${facts.join(', ')}. ${product.quantity > 0 ? 'In stock' : 'Out of stock'} at ${shopName}.`,
        ),
        canonicalPath: paths.product.getHref(product.id),
        type: 'product',
        image: product.images[0]?.url,
        jsonLd: [
          productJsonLd(product, shop, context.origin),
          breadcrumbJsonLd(
            [
              { name: 'Home', path: paths.home.path },
              { name: 'Shop', path: paths.shop.path },
              {
                name: product.division.name,
                path: paths.shop.getHref({ divisionId: product.division.id }),
              },
              { name: product.name, path: paths.product.getHref(product.id) },
            ],
            context.origin,
          ),
        ],
      },
    };
  }

  const brandMatch = matchPath(paths.shopBrand.path, pathname);
  if (pathname === paths.shop.path || brandMatch) {
    const filter = readProductFilter(pathname, search);
    let title = filter.search ? `Search: ${filter.search}` : 'Shop';
    if (brandMatch) {
      const manufacturers = queryClient.getQueryData(manufacturersQueryOptions().queryKey);
      const brand = manufacturers?.find((entry) => entry.id === filter.manufacturerId);
      if (manufacturers && !brand) return notFound(context);
      if (brand && !filter.search) title = brand.name;
    }
    return {
      status: 200,
      head: {
        title: fullTitle(shopName, title),
        description: clampDescription(
          filter.search
            ? `Results for “${filter.search}” at ${shopName}.`
            : `${title === 'Shop' ? 'All products' : title} at ${shopName}: genuine medicines and health products with prices, offers and delivery across India.`,
        ),
        canonicalPath: canonicalShopPath(filter),
        jsonLd: [
          breadcrumbJsonLd(
            [
              { name: 'Home', path: paths.home.path },
              { name: title, path: canonicalShopPath(filter) },
            ],
            context.origin,
          ),
        ],
        // Internal search results are thin, endless pages; search engines ask shops not to
        // index them. The listings they lead to are.
        noindex: filter.search !== '',
      },
    };
  }

  const page = STATIC_PAGES[pathname];
  if (page) {
    const home: BreadcrumbItem = { name: 'Home', path: paths.home.path };
    const jsonLd: object[] = [];
    // The shop itself: on the home page, and where people look for who it is and how to reach it.
    if (
      pathname === paths.home.path ||
      pathname === paths.about.path ||
      pathname === paths.contact.path
    )
      jsonLd.push(pharmacyJsonLd(shop, context.origin));
    if (pathname === paths.faq.path) jsonLd.push(faqPageJsonLd(faqs(shop)));
    if (pathname !== paths.home.path && page.title)
      jsonLd.push(breadcrumbJsonLd([home, { name: page.title, path: pathname }], context.origin));
    return {
      status: 200,
      head: {
        title: fullTitle(shopName, page.title),
        description: clampDescription(page.description(shopName)),
        canonicalPath: pathname,
        jsonLd,
      },
    };
  }
  return notFound(context);
}
