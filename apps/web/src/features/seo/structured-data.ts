import type { ReactNode } from 'react';
import type {
  BreadcrumbListLeaf,
  ContactPoint,
  DrugLeaf,
  FAQPageLeaf,
  ItemAvailability,
  MedicalWebPage,
  MergeLeafTypes,
  Offer,
  Organization,
  PharmacyLeaf,
  PostalAddress,
  ProductLeaf,
  WithContext,
} from 'schema-dts';
import type { Product as CatalogProduct, ShopSettings } from '@pharmacy/shared';

/**
 * Issue 30 point 3: the JSON-LD search engines read for rich results, as plain objects that a
 * page puts in `<script type="application/ld+json">` (jsonLdScript). Typed with schema-dts, so
 * a property that schema.org does not define for a type fails the build; structured-data.test.ts
 * also checks every key against a vocabulary table and Google's required fields.
 */

/** Paths of this shop made absolute; URLs already absolute (a bucket's images) stay as they are. */
export function absolute(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The shop's icon, the logo of its organisation (the web app manifest's largest icon). */
export const SHOP_LOGO_PATH = '/icons/icon-512.png';

/** The one node id of the shop, so a product's seller and the Pharmacy node are one entity. */
export const shopNodeId = (origin: string) => `${absolute(origin, '/')}#pharmacy`;

/**
 * The API's decimal rupees as schema.org wants a price: a plain decimal string with two places,
 * computed from integer paise so 0.1 + 0.2 never prints as 0.30000000000000004.
 */
export function rupeesText(amount: number): string {
  const paise = Math.round(amount * 100);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The ingredient names of a salt composition as the catalogue writes it: "Amoxycillin (500mg) +
 * Clavulanic Acid (125mg)" → ["Amoxycillin", "Clavulanic Acid"]. Strengths in brackets are
 * dropped; a name given twice is kept once.
 */
export function saltIngredients(composition: string): string[] {
  const names = composition
    .split('+')
    .map((part) =>
      part
        .replace(/\([^)]*\)?/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((name) => name.length > 0);
  return [...new Set(names)];
}

/** What the seller node says of the shop: its name and home, and the Pharmacy node's id. */
type ShopIdentity = Pick<ShopSettings, 'shopName'>;

function sellerOf(shop: ShopIdentity, origin: string): Organization {
  return {
    '@type': 'Organization',
    '@id': shopNodeId(origin),
    name: shop.shopName,
    url: absolute(origin, '/'),
  };
}

/** The API's product answer, with the salt's medicine page when the medicines module gives one. */
export type ProductForJsonLd = Pick<
  CatalogProduct,
  | 'id'
  | 'name'
  | 'offerPrice'
  | 'quantity'
  | 'prescription'
  | 'images'
  | 'manufacturer'
  | 'division'
  | 'dosageForm'
  | 'description'
> & { saltComposition: { name: string; slug?: string } | null };

/** A product that is also a drug: one node typed both, so Google's Product rules still apply. */
type ProductAndDrug = MergeLeafTypes<[ProductLeaf, DrugLeaf]>;

/**
 * A product page's `Product` with its `Offer` (price in rupees, INR, availability from the
 * sellable stock, the shop as seller). A medicine, a product with a salt composition, is also a
 * `Drug`: its active ingredients and generic name from the salt, and whether it needs a
 * prescription.
 */
export function productJsonLd(
  product: ProductForJsonLd,
  shop: ShopIdentity,
  origin: string,
): WithContext<ProductLeaf> | WithContext<ProductAndDrug> {
  const url = absolute(origin, `/product/${product.id}`);
  const availability: ItemAvailability =
    product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const offer: Offer = {
    '@type': 'Offer',
    url,
    price: rupeesText(product.offerPrice),
    priceCurrency: 'INR',
    availability,
    itemCondition: 'https://schema.org/NewCondition',
    seller: sellerOf(shop, origin),
  };
  const images = product.images.map((image) => absolute(origin, image.url));
  // Typed here, not left to the spread below: properties that come from a spread escape
  // TypeScript's excess-property check, and this check is the point of schema-dts.
  const common: Omit<ProductLeaf, '@type'> = {
    '@id': `${url}#product`,
    name: product.name,
    url,
    sku: String(product.id),
    ...(images.length > 0 ? { image: images } : {}),
    ...(product.description ? { description: product.description } : {}),
    brand: { '@type': 'Brand', name: product.manufacturer.name },
    manufacturer: { '@type': 'Organization', name: product.manufacturer.name },
    category: product.division.name,
    offers: offer,
  };

  const salt = product.saltComposition;
  const ingredients = salt ? saltIngredients(salt.name) : [];
  if (!salt || ingredients.length === 0) {
    return { '@context': 'https://schema.org', '@type': 'Product', ...common };
  }
  const medicinePage: MedicalWebPage | undefined = salt.slug
    ? {
        '@type': 'MedicalWebPage',
        url: absolute(origin, `/medicine/${encodeURIComponent(salt.slug)}`),
        name: salt.name,
      }
    : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': ['Product', 'Drug'],
    ...common,
    activeIngredient: ingredients,
    nonProprietaryName: ingredients.join(' + '),
    prescriptionStatus: product.prescription
      ? 'https://schema.org/PrescriptionOnly'
      : 'https://schema.org/OTC',
    ...(product.dosageForm ? { dosageForm: product.dosageForm } : {}),
    ...(medicinePage ? { subjectOf: medicinePage } : {}),
  };
}

export interface BreadcrumbItem {
  name: string;
  /** Path on this shop ('/shop?divisionId=2'); made absolute with the origin. */
  path: string;
}

/** The trail above a page (Home › Shop › product), positions from 1 as Google wants. */
export function breadcrumbJsonLd(
  items: readonly BreadcrumbItem[],
  origin: string,
): WithContext<BreadcrumbListLeaf> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absolute(origin, item.path),
    })),
  };
}

/** The shop as its settings (GET /api/settings) describe it. */
export type ShopForJsonLd = Pick<
  ShopSettings,
  'shopName' | 'supportEmail' | 'supportPhone' | 'address'
>;

/** Indian postal codes (PIN) are six digits, the first not 0. */
const PIN_CODE = /\b[1-9]\d{5}\b/;

/**
 * The shop as a `Pharmacy` (a MedicalOrganization and LocalBusiness): name, home page, logo,
 * the registered address (SELLER_ADDRESS: free text, so it is the street address, with its State
 * and PIN code picked out) and the customer service contact point.
 */
export function pharmacyJsonLd(shop: ShopForJsonLd, origin: string): WithContext<PharmacyLeaf> {
  const contact: ContactPoint = {
    '@type': 'ContactPoint',
    contactType: 'customer service',
    telephone: shop.supportPhone,
    email: shop.supportEmail,
    areaServed: 'IN',
    availableLanguage: ['en'],
  };
  const pin = shop.address ? PIN_CODE.exec(shop.address.text)?.[0] : undefined;
  const address: PostalAddress | undefined = shop.address
    ? {
        '@type': 'PostalAddress',
        streetAddress: shop.address.text,
        addressRegion: shop.address.state,
        ...(pin ? { postalCode: pin } : {}),
        addressCountry: 'IN',
      }
    : undefined;
  const logo = absolute(origin, SHOP_LOGO_PATH);
  return {
    '@context': 'https://schema.org',
    '@type': 'Pharmacy',
    '@id': shopNodeId(origin),
    name: shop.shopName,
    url: absolute(origin, '/'),
    logo,
    image: logo,
    email: shop.supportEmail,
    telephone: shop.supportPhone,
    ...(address ? { address } : {}),
    contactPoint: contact,
  };
}

/** An FAQ entry as the FAQ page renders it (features/site faq-list.tsx `faqs`). */
export interface FaqForJsonLd {
  question: string;
  /** Text, or the elements the page shows (links inside an answer keep their words). */
  answer: ReactNode;
}

function isIterable(value: object): value is Iterable<ReactNode> {
  return Symbol.iterator in value;
}

/**
 * The words an answer shows, without rendering it: strings and numbers, and the children of
 * elements (a link's text), in order. Google reads the answer as text.
 */
export function nodeText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
    return String(node);
  }
  if (typeof node !== 'object') return '';
  if (isIterable(node)) return Array.from(node, nodeText).join('');
  if ('props' in node) {
    const props: unknown = node.props;
    if (typeof props === 'object' && props !== null && 'children' in props) {
      return nodeText(props.children as ReactNode);
    }
  }
  // A promise or a portal: nothing a search engine would see in the page's HTML either.
  return '';
}

/** The FAQ page's questions, each with its accepted answer as text. */
export function faqPageJsonLd(faqs: readonly FaqForJsonLd[]): WithContext<FAQPageLeaf> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: {
        '@type': 'Answer',
        text: nodeText(faq.answer).replace(/\s+/g, ' ').trim(),
      },
    })),
  };
}

/**
 * JSON for the inside of a <script type="application/ld+json"> element: '<' and '>' could close
 * the element ('</script>') or open a comment, '&' an entity in XHTML, and U+2028/2029 end a line
 * in older JavaScript parsers. Each is written as a \u escape, which every JSON reader turns back
 * into the same character, so the data is unchanged.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
