import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { saltIngredients, type MedicinePage } from '@pharmacy/shared';
import { paths } from '../../config/paths';
import { clampDescription as clamp, type PageHead } from '../../lib/page-head';
import { medicineQueryOptions } from './api/get-medicine';

const PRESCRIPTION_STATUS = {
  required: 'https://schema.org/PrescriptionOnly',
  'not-required': 'https://schema.org/OTC',
} as const;

/**
 * Title, description, canonical address and structured data of /medicine/{slug}: a schema.org
 * Drug named by its ingredients, and the MedicalWebPage with its review. A salt whose information
 * is still being prepared is not indexed (a page of prices alone is thin content).
 */
export function medicinePageHead(data: MedicinePage, shopName: string, origin = ''): PageHead {
  const { salt, content, review } = data;
  const canonicalPath = paths.medicine.getHref(salt.slug);
  const title = `${salt.name}: uses, side effects and safety | ${shopName}`;
  const description = content
    ? clamp(content.summary)
    : clamp(
        `${salt.name} at ${shopName}: compare the prices of ${data.productCount} ${data.productCount === 1 ? 'medicine' : 'medicines'} containing it. Information about this medicine is being prepared.`,
      );
  const ingredients = saltIngredients(salt.name);
  const prescriptionStatus =
    data.prescription === 'required' || data.prescription === 'not-required'
      ? PRESCRIPTION_STATUS[data.prescription]
      : undefined;
  const drug: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Drug',
    name: salt.name,
    nonProprietaryName: ingredients.join(' + ') || salt.name,
    activeIngredient: ingredients.length === 1 ? ingredients[0] : ingredients,
    ...(prescriptionStatus ? { prescriptionStatus } : {}),
    ...(content ? { description: content.summary } : {}),
    url: `${origin}${canonicalPath}`,
  };
  const webPage: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'MedicalWebPage',
    name: title,
    url: `${origin}${canonicalPath}`,
    about: { '@type': 'Drug', name: salt.name },
    ...(review
      ? {
          lastReviewed: review.reviewedAt.slice(0, 10),
          reviewedBy: {
            '@type': 'Person',
            name: review.reviewerName,
            jobTitle: 'Registered pharmacist',
            identifier: review.registrationNumber,
          },
        }
      : {}),
  };
  return {
    title,
    description,
    canonicalPath,
    type: 'article',
    noindex: content === null,
    jsonLd: [drug, webPage],
  };
}

/**
 * The head and status of /medicine/{slug} from the query cache the page rendered from (the server
 * renderer prefetches medicineQueryOptions): 404 for an unknown salt; undefined for other paths.
 * Shaped as app/seo's ResolvedPage, for its headResolvers list.
 */
export function resolveMedicinePageHead(context: {
  pathname: string;
  queryClient: QueryClient;
  shop: { shopName: string };
  origin: string;
}): { status: 200 | 404; head: PageHead } | undefined {
  const match = matchPath(paths.medicine.path, context.pathname);
  if (!match) return undefined;
  const slug = match.params.slug ?? '';
  const data = context.queryClient.getQueryData(medicineQueryOptions(slug).queryKey);
  if (data)
    return { status: 200, head: medicinePageHead(data, context.shop.shopName, context.origin) };
  return {
    status: 404,
    head: {
      title: `Page not found | ${context.shop.shopName}`,
      description: `This page was not found at ${context.shop.shopName}.`,
      canonicalPath: context.pathname,
      noindex: true,
    },
  };
}
